import { ZCheckoutSessionResponse, ZCurrentUser } from "@backdrop/shared";
import { expect } from "vitest";
import {
  asBearer,
  asCookie,
  getJson,
  SAME_ORIGIN,
  type SignedIn,
  verifiedUser,
} from "./identity.ts";
import { type createTestApp, postJson } from "./test-app.ts";

type TestApp = ReturnType<typeof createTestApp>;

/** Ada and Bob, both verified and signed in: the two users every payment test needs. */
export async function adaAndBob(t: TestApp): Promise<{ ada: SignedIn; bob: SignedIn }> {
  return {
    ada: await verifiedUser(t, "ada@example.com", "Ada"),
    bob: await verifiedUser(t, "bob@example.com", "Bob"),
  };
}

/** POSTs to /api/payment/<path> from the app's own page, as `user` or as a visitor (null). */
export function postPayment(t: TestApp, path: string, body: unknown, user: SignedIn | null) {
  return postJson(t.app, `/api/payment/${path}`, body, {
    ...SAME_ORIGIN,
    ...(user ? asCookie(user) : {}),
  });
}

/** The account as the user's own client reads it. */
export async function currentUser(t: TestApp, user: SignedIn) {
  const res = await getJson(t.app, `/api/auth/get-user-by-uid?uid=${user.id}`, asBearer(user));
  return ZCurrentUser.parse(res.body);
}

/** Both of the user's balances together: what they can spend. */
export async function balanceOf(t: TestApp, user: SignedIn): Promise<number> {
  const me = await currentUser(t, user);
  return me.numOfTokens + me.subscriptionTokens;
}

/** GET /api/payment/session/<id> as `user`. */
export function paymentSession(t: TestApp, sessionId: string, user: SignedIn) {
  return getJson(t.app, `/api/payment/session/${sessionId}`, asCookie(user));
}

/** Subscribes `user` to `planId` through the sandbox's hosted checkout, as a browser would. */
export async function subscribeInSandbox(t: TestApp, user: SignedIn, planId: string) {
  const res = await postPayment(t, "create-subscription", { uid: user.id, planId }, user);
  expect(res.status).toBe(200);
  const session = ZCheckoutSessionResponse.parse(await res.json());
  const paid = await t.app.request(`/sandbox/checkout/${session.sessionId}/pay`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...SAME_ORIGIN,
      ...asCookie(user),
    },
    body: "",
  });
  expect(paid.status).toBe(303);
}
