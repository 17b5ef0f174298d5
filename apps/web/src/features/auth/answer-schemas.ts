import { z } from "zod";

/**
 * How the account answers are checked. Loaded on demand (`import("./answer-schemas.ts")`, next
 * to the call whose answer it checks), never statically: zod stays out of the first download.
 */
export {
  ZCurrentUser,
  ZPublicConfig,
  ZSaveUserAnswer,
  ZUserProviderResponse,
} from "@backdrop/shared";

export const ZIdentityUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z
    .string()
    .nullish()
    .transform((name) => name ?? ""),
  emailVerified: z.boolean(),
});
export type IdentityUser = z.infer<typeof ZIdentityUser>;

export const ZIdentityFailure = z.object({
  code: z.string().optional(),
  message: z.string().optional(),
});
export const ZIdentitySession = z.object({ user: ZIdentityUser }).nullable();
export const ZIdentitySignIn = z.object({ user: ZIdentityUser });
export const ZSocialSignIn = z.object({ url: z.url() });
