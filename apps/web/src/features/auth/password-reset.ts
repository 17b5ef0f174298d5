import { MESSAGES } from "@backdrop/shared";
import { ApiError } from "../../lib/api-client.ts";
import { lookUpProvider } from "./api.ts";
import { IdentityError, requestPasswordReset } from "./identity-client.ts";

/**
 * SPEC point 5 "Forgot password": the account must exist and sign in with e-mail before a
 * link is sent. Rejects with an Error whose message is the one to show.
 */
export async function sendResetLink(email: string): Promise<void> {
  let lookup: Awaited<ReturnType<typeof lookUpProvider>>;
  try {
    lookup = await lookUpProvider(email);
  } catch (error) {
    throw new Error(`${MESSAGES.resetEmailFailed}${reasonOf(error)}`);
  }
  if (!lookup.found) throw new Error(MESSAGES.noUserWithEmail);
  if (lookup.provider !== "email") throw new Error(MESSAGES.notEmailLogin);
  try {
    await requestPasswordReset(email);
  } catch (error) {
    throw new Error(`${MESSAGES.resetEmailFailed}${reasonOf(error)}`);
  }
}

function reasonOf(error: unknown): string {
  return error instanceof ApiError || error instanceof IdentityError
    ? error.message
    : "unexpected error";
}
