import { postJson, type User } from "./actors.ts";
import type { Answer, NoAnswer } from "./http.ts";
import type { Instance } from "./instance.ts";

/** A token-pack checkout; `body` is sent as given after the uid (tampering included). */
export function packCheckout(inst: Instance, user: User | null, body: Record<string, unknown>) {
  return postJson(inst, "/api/payment/create-checkout-session", { uid: user?.id, ...body }, user);
}

/** The checkout session a create-… answer names ("" when it was refused). */
export const sessionIdOf = (answer: Answer | NoAnswer) =>
  answer.status === 200 ? (answer.json as { sessionId: string }).sessionId : "";

/** Opens the user's billing portal and returns the sandbox portal's id. */
export async function portalIdOf(inst: Instance, user: User): Promise<string> {
  const portal = await postJson(inst, "/api/payment/create-portal-session", { uid: user.id }, user);
  return new URL((portal.json as { url: string }).url).pathname.split("/").pop() ?? "";
}
