// The account's plans, sign-in providers and name rule. Kept apart from its schemas
// (account.schema.ts) so that the web app's first download can use them without zod.

export const PLAN_IDS = ["free", "starter", "pro", "elite"] as const;

/** How an account signs in: e-mail and password, or Google. */
export const USER_PROVIDERS = ["email", "google"] as const;

export const NAME_MAX_LENGTH = 100;

/** The name saved for a user: the display name, or the part of the e-mail before the @. */
export function displayNameFor(name: string | null | undefined, email: string): string {
  const trimmed = name?.trim();
  if (trimmed) return Array.from(trimmed).slice(0, NAME_MAX_LENGTH).join("");
  return email.split("@")[0] ?? email;
}
