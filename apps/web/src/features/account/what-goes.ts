import type { TCurrentUser } from "@backdrop/shared";

const PLAN_NAMES: Record<string, string> = { starter: "Starter", pro: "Pro", elite: "Elite" };

/**
 * What deleting the account removes, one line each, for the page and its confirm dialog:
 * the sign-in, a running subscription (ended now), the tokens, the images, the messages.
 */
export function whatGoes(user: TCurrentUser | null, email: string): string[] {
  const lines = [`Your profile and your sign-in as ${email}`];
  const live = user?.subscriptionStatus === "active" || user?.subscriptionStatus === "canceling";
  if (user && live) {
    const plan = PLAN_NAMES[user.subscriptionPlanId] ?? user.subscriptionPlanId;
    lines.push(`Your ${plan} subscription: it ends now, and the rest of the month is not refunded`);
  }
  const tokens = user ? user.numOfTokens + user.subscriptionTokens : 0;
  if (tokens > 0) lines.push(`Your ${tokens} ${tokens === 1 ? "token" : "tokens"}`);
  lines.push("Every photo you uploaded and every image made from it");
  lines.push("The messages and reports you sent us");
  return lines;
}
