/** User-facing messages quoted word for word by SPEC.md, shared by server and web. */
export const MESSAGES = {
  allFieldsRequired: "All fields are required",
  invalidEmail: "Please enter a valid email address",
  contactFailed: "Failed to send message. Please try again later.",
  reportFailed: "Failed to send report. Please try again later.",
  weakPassword:
    "Password must be at least 8 characters, contain a number, a special character, a uppercase and a lowercase letter",
  passwordsDoNotMatch: "Passwords do not match",
  verifyEmail: "Please verify your email",
  invalidCredentials: "Invalid email or password",
  emailInUse: "Email already in use",
  accountCreationFailed: "Account creation failed, please try again",
  // Spelled as the spec quotes it.
  googleSignInFailed: "Somthing went wrong!",
  resendVerificationFailed: "Failed to resend verification email. Please try again.",
  emailRequired: "Please enter your email address",
  noUserWithEmail: "No user associated with this email",
  notEmailLogin: "This account doesn’t use email login",
  maxResetAttempts: "Maximum attempts reached. Please try again later.",
  /** A prefix: the reason follows it. */
  resetEmailFailed: "Failed to send reset email: ",
  userNotFound: "User not found",
  // Token top-up (point 5).
  loginToPurchaseTokens: "Please log in to purchase tokens",
  subscribeToPurchaseTokens: "You must subscribe to a plan to purchase tokens",
  planDisallowsTokenPurchase: "Your current plan doesn't allow token purchases. Please upgrade.",
  // Payment defaults (point 8), shown when an answer carries no error of its own.
  subscriptionCheckoutFailed: "Could not initiate subscription checkout.",
  portalFailed: "Could not access subscription management portal.",
  cancelSubscriptionFailed: "Could not cancel subscription.",
  renewSubscriptionFailed: "Could not renew subscription.",
  reactivateSubscriptionFailed: "Could not reactivate subscription",
  changePlanFailed: "Could not change plan",
  checkoutFailed: "Could not initiate checkout.",
} as const;

/** Messages the spec leaves to us; worded once here so server and web agree. */
export const SUPPORT_MESSAGES = {
  contactSent: "Thanks! Your message has been sent. We usually reply within one business day.",
  reportSent: "Thanks! Your report has been sent to the team.",
  descriptionRequired: "Please describe the issue",
  invalidIssueType: "Please choose an issue type",
  invalidAttachmentLink: "Please enter a valid link starting with http:// or https://",
  tooManyRequests: "Too many requests. Please wait a few minutes and try again.",
} as const;

/** Answers of the payment endpoints that the spec leaves to us. */
export const PAYMENT_MESSAGES = {
  unknownPlan: "Please choose the starter, pro or elite plan",
  unknownTokenPack: "Please choose one of the token packs on offer",
  amountMismatch: "The amount does not match the price of this token pack",
  alreadySubscribed: "You already have a subscription. Use Change Plan instead.",
  noSubscription: "You have no subscription to manage",
  notCanceling: "Your subscription is not set to end",
  alreadyCanceling: "Your subscription is already set to end",
  samePlan: "You are already on this plan",
  sessionNotFound: "Payment session not found",
  invalidSignature: "Invalid webhook signature",
  tooManyCheckouts: "Too many checkout attempts. Please wait a few minutes and try again.",
} as const;

/** Answers of the account endpoints that the spec leaves to us. */
export const AUTH_MESSAGES = {
  unauthorized: "Unauthorized",
  forbidden: "Forbidden",
  uidRequired: "uid is required",
  mailFailed: "The email could not be sent. Please try again later.",
} as const;

export function tooLongMessage(field: string, max: number): string {
  return `${field} must be at most ${max.toLocaleString("en-US")} characters`;
}

/** Generation, upscale and edit messages; those SPEC points 5 and 8 quote are word for word. */
export const GENERATION_MESSAGES = {
  // Upload (point 5).
  notAnImage: "Please select an image file (JPEG, PNG, etc.)",
  imageTooHeavy: "Image size should be less than 10MB",
  imageTooLarge: "Oops! Your image is too large. Maximum size allowed is 2048 x 2048 pixels.",
  uploadFailed: "Unable to upload image. Please check the file and try again.",
  // Camera photos the picker cannot take as they are (issue 28, point 2): ours.
  imageDamaged: "This image is damaged and can't be opened. Please try another copy of the photo.",
  resizeToFit: "Resize to fit",
  convertingIphonePhoto: "Converting iPhone photo…",
  // Generation (points 5 and 8).
  notEnoughTokens: "You don't have enough tokens to process this image.",
  modelFailed: "AI model processing failed. Please try a different prompt or image.",
  requestTimedOut: "Request timed out. The service might be busy, please try again later.",
  processingFailed: "Failed to process image. Please try again.",
  noSubjectFound:
    "We couldn't find a product or person in this photo. Try a photo where the subject stands out from its background.",
  queueUnavailable:
    "Image processing is unavailable right now. Nothing was charged; please try again in a minute.",
  startFailed: "Failed to start image processing",
  scenePreviewFailed: "Could not preview this scene. You can still generate it.",
  /** The scene preview's note for a photo whose subject fills the frame (issue 29 point 4). */
  subjectFillsFrame: "Your product fills the photo: only a little of the scene will show.",
  // Previews past their budget, or yielding to paid work (issue 26, point 2): ours.
  scenePreviewBusy: "Scene previews are busy right now. Please try again in a moment.",
  imageProcessingFailed: "Image processing failed",
  processingTimedOut: "Image processing timed out after 2 minutes",
  statusAuthFailed: "Authentication error while checking image status",
  imageLoadFailed: "Error loading image",
  // Upscale (point 8).
  upscaleStartFailed: "Failed to start image upscaling",
  upscaleTimedOut: "Image upscaling timed out. Please try again.",
  upscaleFailed: "Failed to upscale image",
  /** A prefix: the reason follows it. */
  statusCheckFailed: "Error checking image status: ",
  // Download and preview (point 8).
  previewFailed: "Failed to display image preview",
  // AI edit (point 5).
  editPromptRequired: "Please enter a description of the changes you want to make.",
  editsNeedUpgrade: "Upgrade your plan to enable AI generative edits",
  notEnoughTokensToEdit: "You don't have enough tokens to edit your image.",
  editFailed: "Image editing failed",
  // Ours: what the spec leaves unworded.
  subscriptionExpired: "Your subscription has expired. Please upgrade your plan to continue.",
  subscriptionRequired: "Please subscribe to a plan to generate images.",
  notEnoughTokensToUpscale: "You don't have enough tokens to upscale your image.",
  promptRequired: "Please describe the new background.",
  imageRequired: "Please select an image to upload.",
  tooManyUploads:
    "You have uploaded many photos in a short time. Please wait a few minutes and try again.",
  tooManyLiveUpdates:
    "Too many live image updates are open for your account. Close some Backdrop tabs; open pages keep checking their images every few seconds.",
  imageUrlRequired: "imageUrl is required",
  recordIdRequired: "The image record id is required",
  recordNotFound: "Image not found",
  imageNotInRecord: "This image does not belong to the image record",
  alreadyProcessing:
    "This image is still being processed. Please wait for the current job to finish.",
  nothingToUpscale: "Generate an image before upscaling it.",
  // Variations (issue 14, point 2): ours.
  noSuchVariation: "This image has no variation with that number.",
  chooseFailed: "Could not choose this variation. Please try again.",
  takeNotChosen: "This variation is not the chosen one. Choose it first, then upscale or edit it.",
  /**
   * The local engine's edit refusals (nothing is charged): what Backdrop can change is the scene
   * around the subject, its light and colour, the background blur and the shadow.
   */
  editTargetsSubject:
    "Backdrop changes the scene around your subject, not the subject itself. Try a new scene (sunset, beach, a marble floor…), light and colour (warmer, brighter, black and white), background blur, or the shadow.",
  editRestylesProp:
    "Backdrop can add things to the scene or take them away (string lights, a drape, a brick wall, light through blinds…), but not change their colour or look. Try a new scene, light and colour for the whole picture, background blur, or the shadow.",
  editNotUnderstood:
    "Backdrop can't make that change. It can change the scene around your subject (sunset, beach, a marble floor…), light and colour (warmer, brighter, black and white), background blur, or the shadow.",
  editNeedsOfflineScene:
    "This image has no saved scene, so its scene and shadow can't be changed. Try light and colour (warmer, brighter, black and white) or background blur.",
  editChangesNothing:
    "That edit wouldn't change the picture: it already looks that way, or that setting is as far as it goes. Try a new scene, light and colour, background blur, or the shadow.",
  editFocusOnPlainBackdrop:
    "Your subject stands in front of a plain backdrop: there is nothing behind it to sharpen or blur, so that edit wouldn't change the picture. Try a new scene (a kitchen, a marble table…), light and colour, or the shadow.",
  // The upload's mask, read and replaced through the API (issue 30, point 4): ours.
  maskRequired: "Please send the mask as a PNG file in the form field named mask.",
  maskNotAnImage:
    "The mask is not an image. Please send a PNG, greyscale or with transparency, the size of the photo.",
  maskNotPng:
    "The mask must be a PNG, greyscale or with transparency. Other image formats can't be used as a mask.",
  maskEmpty:
    "The mask is empty: it would hide the whole photo. Paint over at least part of your subject.",
  maskNotReady: "This photo's cut-out is still being made. Please try again in a moment.",
  noCutout: "This photo has no cut-out, so it has no mask to read or change.",
  maskReadFailed: "Could not read the mask. Please try again.",
  maskChangeFailed: "Could not change the mask. Nothing was changed; please try again.",
} as const;

/** A mask whose size is not its photo's: both sizes, so the user sees what to fix. */
export function maskWrongSizeMessage(
  mask: { width: number; height: number },
  photo: { width: number; height: number },
): string {
  return `The mask is ${mask.width} × ${mask.height} px, but it must be the size of the photo: ${photo.width} × ${photo.height} px.`;
}

/** A real image in a format the studio cannot read, named ("TIFF", "Photoshop (PSD)"…). */
export function unsupportedImageMessage(format: string): string {
  return `${format} files can't be used here. Please save the photo as JPEG or PNG and try again.`;
}

/** The shorter side under which a photo is warned about before it is used. */
export const SMALL_PHOTO_SIDE = 400;

/** The warning before a small photo is used: the result comes out as small as the photo. */
export function smallPhotoWarning(width: number, height: number): string {
  return `This photo is only ${width} × ${height} px, so your result will be just as small: ${width} × ${height} px. A photo at least ${SMALL_PHOTO_SIDE} px on its shorter side gives a sharper result.`;
}

/** "250 MB", "5 GB": a storage size in the decimal units the quota variables use. */
export function formatStorageSize(bytes: number): string {
  if (bytes >= 1_000_000_000) return `${Number((bytes / 1_000_000_000).toFixed(1))} GB`;
  return `${Number((bytes / 1_000_000).toFixed(1))} MB`;
}

/** The upload refused because the user's stored images would pass their plan's storage quota. */
export function storageQuotaMessage(quotaBytes: number): string {
  return `This photo would take your stored images past your storage limit of ${formatStorageSize(quotaBytes)}. Write to us from the Contact page if you need more room.`;
}

/** The gallery's messages: 'Error fetching images' is SPEC point 8's, the rest are ours. */
export const GALLERY_MESSAGES = {
  fetchFailed: "Error fetching images",
  unknownImageSize: 'Unknown image size: the sizes are "thumb" and "display"',
  // Deleting an image record from the gallery (issue 13, point 7): ours.
  deleteFailed: "Could not delete the image. Please try again.",
  deleteWhileProcessing:
    "This image is still being processed. You can delete it once the current job has finished.",
  deleted: "Image deleted",
  nothingToOpen: "This image has no finished result to open in the studio yet.",
  openFailed: "Could not open the image in the studio. Please try again.",
  // Download all as a ZIP (issue 14, point 6): ours.
  archiveIds: "Choose between 1 and 50 of your images to download",
  archiveEmpty: "None of these images has a finished result to download yet.",
  archiveFailed: "Could not prepare the download. Please try again.",
} as const;

/**
 * Downloading a stored image. SPEC point 8 quotes the first two; it names cross-origin,
 * network and generic failures without their wording, which is ours.
 */
export const DOWNLOAD_MESSAGES = {
  noImage: "No image available to download",
  invalidUrl: "Invalid image URL. Please try again",
  crossOrigin: "This image is on another site and cannot be saved from here.",
  network: "Could not download the image. Please check your connection and try again.",
  failed: "Failed to download the image. Please try again.",
  // Downloads held open at once by one user (issue 26, point 3): ours.
  tooManyAtOnce: "Too many downloads at once. Please wait for one to finish, then try again.",
  // A download format the server does not make (issue 28, point 3): ours.
  unknownFormat: "Downloads can be PNG, JPEG or WebP.",
} as const;

/** The settings page: exporting the account's data and deleting the account (issue 26). Ours. */
export const ACCOUNT_MESSAGES = {
  exportFailed: "Could not prepare your data export. Please try again.",
  passwordRequired: "Please enter your password to delete your account",
  wrongPassword: "The password is not correct",
  recentSignInRequired:
    "For your safety, sign in again, then delete your account within 5 minutes of signing in",
  deleteWhileProcessing:
    "An image is still being processed. You can delete your account once it has finished.",
  deleteFailed: "Could not delete your account. Please try again.",
  deleted: "Your account has been deleted",
} as const;
