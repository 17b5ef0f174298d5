import { z } from "zod";
import { NAME_MAX_LENGTH, PLAN_IDS, USER_PROVIDERS } from "./account.ts";
import { MESSAGES, tooLongMessage } from "./messages.ts";
import { EMAIL_PATTERN } from "./validation.ts";
export const ZPlanId = z.enum(PLAN_IDS);
export type TPlanId = z.infer<typeof ZPlanId>;
export const ZUserProvider = z.enum(USER_PROVIDERS);
export type TUserProvider = z.infer<typeof ZUserProvider>;

const isoDate = z.iso.datetime().nullable();
const count = z.number().int().nonnegative();

/** SPEC point 3 "Current user": what GET /api/auth/get-user-by-uid and save-user answer. */
export const ZCurrentUser = z.object({
  uid: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  name: z.string(),
  provider: ZUserProvider,
  numOfTokens: count,
  subscriptionTokens: count,
  subscriptionPlanId: ZPlanId,
  subscriptionStatus: z.string().nullable(),
  subscriptionEndDate: isoDate,
  subscriptionRenewalDate: isoDate,
  stripeCustomerId: z.string().nullable(),
  stripeSubscriptionId: z.string().nullable(),
});
export type TCurrentUser = z.infer<typeof ZCurrentUser>;

/**
 * save-user's answer: the current user, and whether this was the user's first sign-in (the
 * login page then says "Welcome", not "Welcome back").
 */
export const ZSaveUserAnswer = ZCurrentUser.extend({ firstSignIn: z.boolean() });
export type TSaveUserAnswer = z.infer<typeof ZSaveUserAnswer>;

export const ZUserTokens = ZCurrentUser.pick({ numOfTokens: true, subscriptionTokens: true });
export type TUserTokens = z.infer<typeof ZUserTokens>;

/** SPEC point 3 "Save-user payload". A blank name falls back to the e-mail's local part. */
export const ZSaveUserRequest = z.object({
  uid: z.string({ error: MESSAGES.allFieldsRequired }).trim().min(1, MESSAGES.allFieldsRequired),
  email: z
    .string({ error: MESSAGES.allFieldsRequired })
    .trim()
    .min(1, MESSAGES.allFieldsRequired)
    .regex(EMAIL_PATTERN, MESSAGES.invalidEmail),
  name: z
    .string()
    .trim()
    .max(NAME_MAX_LENGTH, tooLongMessage("Name", NAME_MAX_LENGTH))
    .optional()
    .default(""),
  provider: ZUserProvider,
});
export type TSaveUserRequest = z.infer<typeof ZSaveUserRequest>;

/** GET /api/auth/get-user-by-email: which sign-in the forgot-password screen is dealing with. */
export const ZUserProviderResponse = z.object({ provider: ZUserProvider });
export type TUserProviderResponse = z.infer<typeof ZUserProviderResponse>;

/** GET /api/config: what the web app needs to know before anyone signs in. */
export const ZPublicConfig = z.object({
  googleSignIn: z.boolean(),
  /** What the queue method does better than realtime, when the engine says. */
  queueNote: z.string().nullable().default(null),
  /**
   * Whether the engine's model can relight the product instead of keeping its pixels (fal):
   * the studio then offers "Let the model relight the product".
   */
  relightOption: z.boolean().default(false),
});
export type TPublicConfig = z.infer<typeof ZPublicConfig>;

/**
 * DELETE /api/account. E-mail accounts confirm with their password; Google accounts send none
 * and must have signed in within the last 5 minutes.
 */
export const ZDeleteAccountRequest = z.object({
  password: z.string().max(256).optional(),
});
export type TDeleteAccountRequest = z.infer<typeof ZDeleteAccountRequest>;

/** What DELETE /api/account answers once everything of the account is gone. */
export const ZDeleteAccountResponse = z.object({ ok: z.literal(true) });
export type TDeleteAccountResponse = z.infer<typeof ZDeleteAccountResponse>;
