import { describe, expect, it } from "vitest";
import {
  formatStorageSize,
  GENERATION_MESSAGES,
  MESSAGES,
  storageQuotaMessage,
} from "./messages.ts";

describe("spec messages", () => {
  it("quote SPEC.md points 5 and 8 word for word", () => {
    expect(MESSAGES).toMatchObject({
      weakPassword:
        "Password must be at least 8 characters, contain a number, a special character, a uppercase and a lowercase letter",
      passwordsDoNotMatch: "Passwords do not match",
      verifyEmail: "Please verify your email",
      invalidCredentials: "Invalid email or password",
      emailInUse: "Email already in use",
      accountCreationFailed: "Account creation failed, please try again",
      googleSignInFailed: "Somthing went wrong!",
      resendVerificationFailed: "Failed to resend verification email. Please try again.",
      emailRequired: "Please enter your email address",
      noUserWithEmail: "No user associated with this email",
      maxResetAttempts: "Maximum attempts reached. Please try again later.",
      resetEmailFailed: "Failed to send reset email: ",
      userNotFound: "User not found",
    });
  });

  it("keeps the typographic apostrophe of the spec", () => {
    expect(MESSAGES.notEmailLogin).toBe("This account doesn\u2019t use email login");
  });
});

describe("payment messages", () => {
  it("quote SPEC points 5 and 8 word for word", () => {
    expect(MESSAGES).toMatchObject({
      loginToPurchaseTokens: "Please log in to purchase tokens",
      subscribeToPurchaseTokens: "You must subscribe to a plan to purchase tokens",
      planDisallowsTokenPurchase:
        "Your current plan doesn't allow token purchases. Please upgrade.",
      subscriptionCheckoutFailed: "Could not initiate subscription checkout.",
      portalFailed: "Could not access subscription management portal.",
      cancelSubscriptionFailed: "Could not cancel subscription.",
      renewSubscriptionFailed: "Could not renew subscription.",
      reactivateSubscriptionFailed: "Could not reactivate subscription",
      changePlanFailed: "Could not change plan",
      checkoutFailed: "Could not initiate checkout.",
    });
  });
});

describe("generation messages", () => {
  it("quote SPEC points 5 and 8 word for word", () => {
    expect(GENERATION_MESSAGES).toMatchObject({
      notAnImage: "Please select an image file (JPEG, PNG, etc.)",
      imageTooHeavy: "Image size should be less than 10MB",
      imageTooLarge: "Oops! Your image is too large. Maximum size allowed is 2048 x 2048 pixels.",
      uploadFailed: "Unable to upload image. Please check the file and try again.",
      notEnoughTokens: "You don't have enough tokens to process this image.",
      startFailed: "Failed to start image processing",
      imageProcessingFailed: "Image processing failed",
      processingTimedOut: "Image processing timed out after 2 minutes",
      statusAuthFailed: "Authentication error while checking image status",
      imageLoadFailed: "Error loading image",
      upscaleStartFailed: "Failed to start image upscaling",
      upscaleTimedOut: "Image upscaling timed out. Please try again.",
      upscaleFailed: "Failed to upscale image",
      statusCheckFailed: "Error checking image status: ",
      previewFailed: "Failed to display image preview",
    });
  });
});

describe("storage quota message", () => {
  it("names the quota in the units of the variables and says how to free room", () => {
    expect(formatStorageSize(250_000_000)).toBe("250 MB");
    expect(formatStorageSize(5_000_000_000)).toBe("5 GB");
    expect(formatStorageSize(2_500_000_000)).toBe("2.5 GB");
    expect(formatStorageSize(1_000_000)).toBe("1 MB");
    expect(storageQuotaMessage(250_000_000)).toBe(
      "This photo would take your stored images past your storage limit of 250 MB. Write to us from the Contact page if you need more room.",
    );
  });
});
