import { isPaidPlanId, GENERATION_MESSAGES as M, PLANS } from "@backdrop/shared";
import { AppError } from "../../../lib/app-error.ts";
import type { UserProfile } from "../../../repositories/user-profiles.repository.ts";

/** The signed-in user a request acts for. */
export type SignedInUser = { id: string };

/** A refusal with the status and message the API answers. */
export class GenerationError extends AppError {
  override name = "GenerationError";
}

/**
 * SPEC point 5: spending needs a customer of the payment provider (the Subscription Required
 * modal) and a subscription that has not ended.
 */
export function assertMaySpend(profile: UserProfile | undefined, now: number): UserProfile {
  if (!profile?.stripeCustomerId) throw new GenerationError(403, M.subscriptionRequired);
  if (profile.subscriptionEndDate !== null && profile.subscriptionEndDate < now) {
    throw new GenerationError(403, M.subscriptionExpired);
  }
  return profile;
}

/** AI edits belong to the pro and elite plans. */
export function assertMayEdit(profile: UserProfile): void {
  const plan = isPaidPlanId(profile.subscriptionPlanId) ? PLANS[profile.subscriptionPlanId] : null;
  if (!plan?.aiEdits) throw new GenerationError(403, M.editsNeedUpgrade);
}

/** Whether a failed job gives its tokens back, by the plan the user is on when it is accepted. */
export function refundsFailures(profile: UserProfile): boolean {
  return (
    isPaidPlanId(profile.subscriptionPlanId) && PLANS[profile.subscriptionPlanId].refundOnFailure
  );
}
