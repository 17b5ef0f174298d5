import { GENERATION_MESSAGES, type TCurrentUser } from "@backdrop/shared";

/** The subscription counts as expired once its end date has passed (SPEC point 4). */
export function isSubscriptionExpired(user: TCurrentUser | null, now = Date.now()): boolean {
  if (!user?.subscriptionEndDate) return false;
  const end = Date.parse(user.subscriptionEndDate);
  return Number.isFinite(end) && end < now;
}

export type GenerationCheckInput = {
  loggedIn: boolean;
  /** The product's details of the user; null while they load (the server checks again). */
  user: TCurrentUser | null;
  tokenCount: number;
  hasImage: boolean;
  prompt: string;
  /** What Generate costs (every take of the picked photo), when a photo is picked. */
  cost: number | null;
};

export type GenerationCheck =
  | { kind: "ok" }
  | { kind: "login" }
  | { kind: "fields"; image: string | null; prompt: string | null }
  | { kind: "subscription" }
  | { kind: "tokens"; message: string };

/**
 * SPEC point 5, in its order: a login, a photo and a prompt, a payment customer, and enough
 * tokens for this photo.
 */
export function checkGeneration(input: GenerationCheckInput): GenerationCheck {
  if (!input.loggedIn) return { kind: "login" };
  const image = input.hasImage ? null : GENERATION_MESSAGES.imageRequired;
  const prompt = input.prompt.trim() ? null : GENERATION_MESSAGES.promptRequired;
  if (image || prompt) return { kind: "fields", image, prompt };
  if (!input.user) return { kind: "ok" };
  if (!input.user.stripeCustomerId) return { kind: "subscription" };
  if (input.cost !== null && input.tokenCount < input.cost) {
    return { kind: "tokens", message: GENERATION_MESSAGES.notEnoughTokens };
  }
  return { kind: "ok" };
}
