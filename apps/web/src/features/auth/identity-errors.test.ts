import { MESSAGES, SUPPORT_MESSAGES } from "@backdrop/shared";
import { describe, expect, it } from "vitest";
import { IdentityError, NETWORK_ERROR_MESSAGE } from "./identity-client.ts";
import { authErrorCode, authErrorMessage } from "./identity-errors.ts";

const failure = (status: number, code: string | null, message = "From the provider") =>
  new IdentityError(message, status, code);

describe("identity error mapping", () => {
  it.each([
    [422, "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL", "email-already-in-use", MESSAGES.emailInUse],
    [422, "USER_ALREADY_EXISTS", "email-already-in-use", MESSAGES.emailInUse],
    [401, "INVALID_PASSWORD", "wrong-password", MESSAGES.invalidCredentials],
    [401, "INVALID_EMAIL_OR_PASSWORD", "invalid-credential", MESSAGES.invalidCredentials],
    [401, "CREDENTIAL_ACCOUNT_NOT_FOUND", "invalid-credential", MESSAGES.invalidCredentials],
    [404, "USER_NOT_FOUND", "user-not-found", MESSAGES.invalidCredentials],
    [
      400,
      "PASSWORD_DOES_NOT_MEET_REQUIREMENTS",
      "password-does-not-meet-requirements",
      MESSAGES.weakPassword,
    ],
    [400, "PASSWORD_TOO_SHORT", "password-does-not-meet-requirements", MESSAGES.weakPassword],
    [403, "EMAIL_NOT_VERIFIED", "email-not-verified", MESSAGES.verifyEmail],
    [400, "INVALID_EMAIL", "invalid-email", MESSAGES.invalidEmail],
    [400, "INVALID_TOKEN", "invalid-action-code", "From the provider"],
    [400, "TOKEN_EXPIRED", "invalid-action-code", "From the provider"],
    [429, null, "too-many-requests", SUPPORT_MESSAGES.tooManyRequests],
    [0, null, "network-request-failed", NETWORK_ERROR_MESSAGE],
    [500, "FAILED_TO_CREATE_USER", "unknown", "From the provider"],
    [502, "EMAIL_DELIVERY_FAILED", "unknown", "From the provider"],
  ])("answers %i %s with %s", (status, code, short, message) => {
    const error = failure(status, code);
    expect(authErrorCode(error)).toBe(short);
    expect(authErrorMessage(error)).toBe(message);
  });

  it("treats anything that is not an identity failure as unknown", () => {
    expect(authErrorCode(new TypeError("boom"))).toBe("unknown");
    expect(authErrorMessage(new TypeError("boom"))).toBe("boom");
    expect(authErrorMessage("nope")).toMatch(/Something unexpected happened/);
  });
});
