import { MESSAGES, SUPPORT_MESSAGES } from "@backdrop/shared";
import { IdentityError, NETWORK_ERROR_MESSAGE, UNEXPECTED_MESSAGE } from "./identity-client.ts";

/**
 * Short codes for identity failures. The first six are SPEC point 8's list; the rest name
 * the other answers the screens tell apart.
 */
export type AuthErrorCode =
  | "email-already-in-use"
  | "wrong-password"
  | "invalid-credential"
  | "user-not-found"
  | "too-many-requests"
  | "password-does-not-meet-requirements"
  | "email-not-verified"
  | "invalid-email"
  | "invalid-action-code"
  | "network-request-failed"
  | "unknown";

/** better-auth's error codes, as its endpoints send them. */
const BY_IDENTITY_CODE: Readonly<Record<string, AuthErrorCode>> = {
  USER_ALREADY_EXISTS: "email-already-in-use",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "email-already-in-use",
  INVALID_PASSWORD: "wrong-password",
  INVALID_EMAIL_OR_PASSWORD: "invalid-credential",
  CREDENTIAL_ACCOUNT_NOT_FOUND: "invalid-credential",
  USER_NOT_FOUND: "user-not-found",
  USER_EMAIL_NOT_FOUND: "user-not-found",
  PASSWORD_DOES_NOT_MEET_REQUIREMENTS: "password-does-not-meet-requirements",
  PASSWORD_TOO_SHORT: "password-does-not-meet-requirements",
  PASSWORD_TOO_LONG: "password-does-not-meet-requirements",
  EMAIL_NOT_VERIFIED: "email-not-verified",
  INVALID_EMAIL: "invalid-email",
  INVALID_TOKEN: "invalid-action-code",
  TOKEN_EXPIRED: "invalid-action-code",
};

export function authErrorCode(error: unknown): AuthErrorCode {
  if (!(error instanceof IdentityError)) return "unknown";
  // better-auth's rate limiter answers 429 with a message and no code
  if (error.status === 429) return "too-many-requests";
  if (error.status === 0) return "network-request-failed";
  return (error.code && BY_IDENTITY_CODE[error.code]) || "unknown";
}

/** The spec's wording for a short code; `null` where the provider's own message is shown. */
const MESSAGE_BY_CODE: Readonly<Partial<Record<AuthErrorCode, string>>> = {
  "email-already-in-use": MESSAGES.emailInUse,
  "wrong-password": MESSAGES.invalidCredentials,
  "invalid-credential": MESSAGES.invalidCredentials,
  "user-not-found": MESSAGES.invalidCredentials,
  "too-many-requests": SUPPORT_MESSAGES.tooManyRequests,
  "password-does-not-meet-requirements": MESSAGES.weakPassword,
  "email-not-verified": MESSAGES.verifyEmail,
  "invalid-email": MESSAGES.invalidEmail,
  "network-request-failed": NETWORK_ERROR_MESSAGE,
};

/** What a person should read for an identity failure: the spec's message, else the provider's. */
export function authErrorMessage(error: unknown): string {
  const known = MESSAGE_BY_CODE[authErrorCode(error)];
  if (known) return known;
  return error instanceof Error && error.message ? error.message : UNEXPECTED_MESSAGE;
}
