import { isStrongPassword, MESSAGES } from "@backdrop/shared";
import { APIError, createAuthMiddleware } from "better-auth/api";
import type { IdentityRepository } from "../repositories/identity.repository.ts";
import { assertProfileFields } from "./profile-fields.ts";

/** better-auth's own code and wording for an e-mail that already has an account. */
export const USER_ALREADY_EXISTS = {
  code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL",
  message: "User already exists. Use another email.",
} as const;

export const WEAK_PASSWORD_CODE = "PASSWORD_DOES_NOT_MEET_REQUIREMENTS";

function assertStrongPassword(password: unknown): void {
  // A missing or non-text password is left to better-auth's own validation.
  if (typeof password === "string" && !isStrongPassword(password)) {
    throw APIError.from("BAD_REQUEST", {
      code: WEAK_PASSWORD_CODE,
      message: MESSAGES.weakPassword,
    });
  }
}

/**
 * Runs before better-auth's endpoints: SPEC point 5's password rule wherever a password is
 * chosen, the bounds of the display name and picture where a user gives them (before a
 * password is hashed; the database hooks hold the same bounds for every other writer), and an
 * explicit "already exists" answer on sign-up. better-auth answers a duplicate sign-up with a
 * success that looks like a new account when verification is required; the spec wants 'Email
 * already in use', and get-user-by-email already tells who has an account.
 */
export function identityPolicy(users: IdentityRepository) {
  return createAuthMiddleware(async (ctx) => {
    const body: Record<string, unknown> =
      typeof ctx.body === "object" && ctx.body !== null ? ctx.body : {};
    switch (ctx.path) {
      case "/sign-up/email":
        assertProfileFields(body);
        assertStrongPassword(body.password);
        if (typeof body.email === "string" && (await users.findUserIdByEmail(body.email))) {
          throw APIError.from("UNPROCESSABLE_ENTITY", USER_ALREADY_EXISTS);
        }
        return;
      case "/update-user":
        assertProfileFields(body);
        return;
      case "/reset-password":
      case "/change-password":
        assertStrongPassword(body.newPassword);
        return;
    }
  });
}
