import {
  AUTH_MESSAGES,
  MESSAGES,
  SUPPORT_MESSAGES,
  ZCurrentUser,
  ZPublicConfig,
  ZSaveUserAnswer,
  ZUserTokens,
} from "@backdrop/shared";
import { beforeEach, describe, expect, it } from "vitest";
import { LOCAL_QUEUE_NOTE } from "../src/engines/local/queue-note.ts";
import { describeEachDatabase } from "./helpers/databases.ts";
import {
  asBearer,
  asCookie,
  getJson,
  PASSWORD,
  SAME_ORIGIN,
  type SignedIn,
  signUp,
  verifiedUser,
} from "./helpers/identity.ts";
import { createTestApp, postJson } from "./helpers/test-app.ts";
import { newAccount } from "./helpers/users.ts";

const UNAUTHORIZED = { error: AUTH_MESSAGES.unauthorized };
const FORBIDDEN = { error: AUTH_MESSAGES.forbidden };

describeEachDatabase("account endpoints", (database) => {
  let t: ReturnType<typeof createTestApp>;
  let ada: SignedIn;
  let bob: SignedIn;

  beforeEach(async () => {
    t = createTestApp(database.handle());
    ada = await verifiedUser(t, "ada@example.com", "Ada Lovelace");
    bob = await verifiedUser(t, "bob@example.com", "Bob");
  });

  const newUser = (user: SignedIn, name: string) =>
    newAccount({ uid: user.id, email: user.email, name, provider: "email" });

  /** What billing will write: balances, plan and dates (epoch ms). */
  async function subscribe(user: SignedIn) {
    await database
      .handle()
      .db.updateTable("user_profiles")
      .set({
        num_of_tokens: 250,
        subscription_tokens: 160,
        subscription_plan_id: "pro",
        subscription_status: "active",
        subscription_end_date: Date.UTC(2026, 1, 1),
        subscription_renewal_date: Date.UTC(2026, 1, 1, 12),
        stripe_customer_id: "cus_123",
        stripe_subscription_id: "sub_456",
      })
      .where("user_id", "=", user.id)
      .execute();
  }

  describe("GET /api/auth/get-user-by-uid", () => {
    const path = (user: SignedIn) => `/api/auth/get-user-by-uid?uid=${user.id}`;

    it("answers the owner's current user: a new user is on the free plan with no tokens", async () => {
      const res = await getJson(t.app, path(ada), asCookie(ada));
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(ZCurrentUser.parse(res.body)).toEqual(newUser(ada, "Ada Lovelace"));
    });

    it("accepts a bearer token instead of the cookie", async () => {
      const res = await getJson(t.app, path(ada), asBearer(ada));
      expect(res).toMatchObject({ status: 200, body: newUser(ada, "Ada Lovelace") });
    });

    it("answers subscription data with numbers and ISO dates", async () => {
      await subscribe(ada);
      const res = await getJson(t.app, path(ada), asCookie(ada));
      expect(ZCurrentUser.parse(res.body)).toEqual({
        ...newUser(ada, "Ada Lovelace"),
        numOfTokens: 250,
        subscriptionTokens: 160,
        subscriptionPlanId: "pro",
        subscriptionStatus: "active",
        subscriptionEndDate: "2026-02-01T00:00:00.000Z",
        subscriptionRenewalDate: "2026-02-01T12:00:00.000Z",
        stripeCustomerId: "cus_123",
        stripeSubscriptionId: "sub_456",
      });
    });

    it("refuses another user's uid with 403", async () => {
      expect(await getJson(t.app, path(bob), asCookie(ada))).toMatchObject({
        status: 403,
        body: FORBIDDEN,
      });
      expect((await getJson(t.app, path(bob), asBearer(ada))).status).toBe(403);
    });

    it.each([
      ["no credentials", {}],
      ["a made-up bearer token", { authorization: "Bearer not-a-session" }],
      ["a made-up cookie", { cookie: "backdrop.session_token=forged.signature" }],
    ])("answers 401 with %s", async (_case, headers) => {
      expect(await getJson(t.app, path(ada), headers)).toMatchObject({
        status: 401,
        body: UNAUTHORIZED,
      });
    });

    it("needs the uid", async () => {
      const res = await getJson(t.app, "/api/auth/get-user-by-uid", asCookie(ada));
      expect(res).toMatchObject({ status: 400, body: { error: AUTH_MESSAGES.uidRequired } });
    });
  });

  describe("GET /api/auth/get-user-tokens", () => {
    const path = (user: SignedIn) => `/api/auth/get-user-tokens?uid=${user.id}`;

    it("answers the owner's two balances", async () => {
      const fresh = await getJson(t.app, path(ada), asCookie(ada));
      expect(fresh.status).toBe(200);
      expect(ZUserTokens.strict().parse(fresh.body)).toEqual({
        numOfTokens: 0,
        subscriptionTokens: 0,
      });
      await subscribe(ada);
      expect((await getJson(t.app, path(ada), asBearer(ada))).body).toEqual({
        numOfTokens: 250,
        subscriptionTokens: 160,
      });
    });

    it("refuses another user (403) and anyone signed out (401)", async () => {
      expect(await getJson(t.app, path(bob), asCookie(ada))).toMatchObject({
        status: 403,
        body: FORBIDDEN,
      });
      expect(await getJson(t.app, path(ada))).toMatchObject({ status: 401, body: UNAUTHORIZED });
    });
  });

  describe("POST /api/auth/save-user", () => {
    const save = (body: unknown, headers: Record<string, string> = {}) =>
      postJson(t.app, "/api/auth/save-user", body, { ...SAME_ORIGIN, ...headers });
    const payload = (user: SignedIn, change: Record<string, unknown> = {}) => ({
      uid: user.id,
      email: user.email,
      name: "Ada L.",
      provider: "email",
      ...change,
    });

    it("saves the owner's name and answers the current user", async () => {
      await subscribe(ada);
      const res = await save(payload(ada), asCookie(ada));
      expect(res.status).toBe(200);
      const saved = ZCurrentUser.parse(await res.json());
      expect(saved).toMatchObject({ uid: ada.id, name: "Ada L.", provider: "email" });
      // Balances and plan are not the client's to set.
      expect(saved).toMatchObject({ numOfTokens: 250, subscriptionPlanId: "pro" });
      const me = await getJson(t.app, `/api/auth/get-user-by-uid?uid=${ada.id}`, asBearer(ada));
      expect(me.body).toMatchObject({ name: "Ada L." });
    });

    it("tells the first sign-in from the ones after it", async () => {
      const first = await save(payload(ada), asCookie(ada));
      expect(ZSaveUserAnswer.parse(await first.json()).firstSignIn).toBe(true);
      const second = await save(payload(ada), asCookie(ada));
      expect(ZSaveUserAnswer.parse(await second.json()).firstSignIn).toBe(false);
    });

    it("names the user after the e-mail's local part when no name is given", async () => {
      const res = await save(payload(ada, { name: "  ", email: "ADA@example.com" }), asBearer(ada));
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ name: "ada" });
    });

    it.each([
      ["another user's uid", () => payload(bob, { email: ada.email })],
      ["another user's e-mail", () => payload(ada, { email: bob.email })],
      ["a provider the user does not sign in with", () => payload(ada, { provider: "google" })],
    ])("refuses %s with 403 and changes nothing", async (_case, body) => {
      const res = await save(body(), asCookie(ada));
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual(FORBIDDEN);
      const profile = await t.container.repositories.userProfiles.find(ada.id);
      expect(profile).toMatchObject({ name: "Ada Lovelace", provider: "email" });
      expect((await t.container.repositories.userProfiles.find(bob.id))?.name).toBe("Bob");
    });

    it("answers 401 when signed out", async () => {
      const res = await save(payload(ada));
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual(UNAUTHORIZED);
    });

    it.each([
      ["a missing uid", { uid: undefined }, MESSAGES.allFieldsRequired],
      ["a bad e-mail", { email: "ada@example" }, MESSAGES.invalidEmail],
    ])("answers 400 for %s", async (_case, change, message) => {
      const res = await save(payload(ada, change), asCookie(ada));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: message });
    });

    it("refuses a foreign page's request", async () => {
      const res = await save(payload(ada), { ...asCookie(ada), origin: "https://evil.example" });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: "Forbidden origin" });
    });
  });

  describe("GET /api/auth/get-user-by-email", () => {
    const lookup = (email: string, headers: Record<string, string> = {}) =>
      getJson(t.app, `/api/auth/get-user-by-email?email=${encodeURIComponent(email)}`, headers);

    it("answers the provider of an existing account, whatever the case", async () => {
      expect(await lookup(" ADA@Example.com ")).toMatchObject({
        status: 200,
        body: { provider: "email" },
      });
    });

    it("knows an account that has not been verified yet", async () => {
      const res = await signUp(t.app, { name: "Cy", email: "cy@example.com", password: PASSWORD });
      expect(res.status).toBe(200);
      expect((await lookup("cy@example.com")).body).toEqual({ provider: "email" });
    });

    it("answers 404 with the spec's message for an unknown e-mail", async () => {
      expect(await lookup("nobody@example.com")).toEqual({
        status: 404,
        body: { error: "User not found" },
        headers: expect.anything(),
      });
    });

    it.each([
      ["", MESSAGES.emailRequired],
      ["ada@example", MESSAGES.invalidEmail],
    ])("answers 400 for %j", async (email, message) => {
      expect(await lookup(email)).toMatchObject({ status: 400, body: { error: message } });
    });

    it("is rate-limited per client", async () => {
      const limited = createTestApp(database.handle(), {
        env: { TRUST_PROXY: "1", AUTH_RATE_LIMIT: "2/60" },
      });
      const from = (ip: string) => ({ "x-forwarded-for": ip });
      const ask = (ip: string) =>
        getJson(limited.app, "/api/auth/get-user-by-email?email=ada@example.com", from(ip));
      expect((await ask("203.0.113.7")).status).toBe(200);
      expect((await ask("203.0.113.7")).status).toBe(200);
      const refused = await ask("203.0.113.7");
      expect(refused).toMatchObject({
        status: 429,
        body: { error: SUPPORT_MESSAGES.tooManyRequests },
      });
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await ask("198.51.100.2")).status).toBe(200);
    });
  });

  describe("GET /api/config", () => {
    it("says Google sign-in is off when it is not configured, what the queue does better, and offers no relighting offline", async () => {
      const res = await getJson(t.app, "/api/config");
      expect(res.status).toBe(200);
      expect(ZPublicConfig.strict().parse(res.body)).toEqual({
        googleSignIn: false,
        queueNote: LOCAL_QUEUE_NOTE,
        relightOption: false,
      });
    });

    it("offers no Google sign-in to start", async () => {
      const res = await postJson(
        t.app,
        "/api/identity/sign-in/social",
        { provider: "google", callbackURL: "/" },
        SAME_ORIGIN,
      );
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: "PROVIDER_NOT_FOUND" });
    });
  });

  describe("POST /api/email/contact while signed in", () => {
    const message = { name: "Ada", subject: "Billing", message: "Where is my invoice?" };

    it("takes the e-mail from the session, so the form needs none", async () => {
      const res = await postJson(t.app, "/api/email/contact", message, {
        ...SAME_ORIGIN,
        ...asCookie(ada),
      });
      expect(res.status).toBe(200);
      const [stored] = await t.container.repositories.support.listContactMessages();
      expect(stored).toMatchObject({ email: ada.email, userId: ada.id });
    });

    it("ignores an e-mail in the body in favour of the session's", async () => {
      const res = await postJson(
        t.app,
        "/api/email/contact",
        { ...message, email: "someone-else@example.com" },
        asBearer(ada),
      );
      expect(res.status).toBe(200);
      const [stored] = await t.container.repositories.support.listContactMessages();
      expect(stored).toMatchObject({ email: ada.email, userId: ada.id });
    });

    it("still needs the e-mail from a signed-out visitor", async () => {
      const res = await postJson(t.app, "/api/email/contact", message, SAME_ORIGIN);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: MESSAGES.allFieldsRequired });
    });
  });
});
