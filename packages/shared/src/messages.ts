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
