import { betterAuth } from "better-auth";
import { afterEach, beforeEach, expect, it } from "vitest";
import { SESSION_CACHE_TTL_MS } from "../src/identity/auth.ts";
import { RESET_PASSWORD_SUBJECT } from "../src/identity/identity-mails.ts";
import { extractLinks } from "../src/mail/mail-links.ts";
import { describeEachDatabase } from "./helpers/databases.ts";
import { getRecord, upload } from "./helpers/generations.ts";
import {
  asBearer,
  asCookie,
  PASSWORD,
  SAME_ORIGIN,
  type SignedIn,
  signInOk,
  verifiedUser,
} from "./helpers/identity.ts";
import { loggingQueries, type QueryLog } from "./helpers/query-log.ts";
import { scriptedEngine } from "./helpers/scripted-engine.ts";
import { createTestApp, postJson, type TestApp } from "./helpers/test-app.ts";

const NEW_PASSWORD = "N3w&better-pass";

describeEachDatabase("the poll (GET /api/fal/images/:id), fast", (database) => {
  let t: TestApp;
  let queries: QueryLog;
  let now: number;
  let ada: SignedIn;
  let recordId: string;

  beforeEach(async () => {
    const logged = loggingQueries(database.handle());
    queries = logged.log;
    now = Date.UTC(2026, 0, 1);
    t = createTestApp(logged.handle, {
      engine: scriptedEngine().engine,
      clock: { now: () => now },
    });
    ada = await verifiedUser(t, "ada@example.com", "Ada");
    ({ recordId } = await upload(t, ada));
  });
  afterEach(async () => {
    await t.container.close();
  });

  const poll = (auth: Record<string, string>) =>
    t.app.request(`/api/fal/images/${recordId}`, { headers: auth });
  const identityPost = (path: string, body: unknown, user: SignedIn) =>
    postJson(t.app, `/api/identity/${path}`, body, { ...SAME_ORIGIN, ...asCookie(user) });

  /** Polls once by cookie and once by bearer token, so both answers are remembered. */
  async function pollBothWays(user: SignedIn): Promise<void> {
    expect((await poll(asCookie(user))).status).toBe(200);
    expect((await poll(asBearer(user))).status).toBe(200);
  }

  async function expectEnded(user: SignedIn): Promise<void> {
    expect((await poll(asCookie(user))).status).toBe(401);
    expect((await poll(asBearer(user))).status).toBe(401);
  }

  it("answers repeated polls with one query each and no session lookup", async () => {
    expect((await poll(asCookie(ada))).headers.get("cache-control")).toBe("no-store");
    const first = await getRecord(t, ada, recordId);
    queries.reset();
    for (let i = 0; i < 5; i++) expect(await getRecord(t, ada, recordId)).toEqual(first);
    expect(queries.touching("session")).toBe(0);
    expect(queries.count()).toBe(5);
  });

  it("looks a bearer token's session up once, then answers from memory", async () => {
    queries.reset();
    for (let i = 0; i < 3; i++) expect((await poll(asBearer(ada))).status).toBe(200);
    expect(queries.touching("session")).toBe(1);
  });

  it("answers someone else's record 404 and keeps refusing made-up sessions", async () => {
    const bob = await verifiedUser(t, "bob@example.com", "Bob");
    expect((await poll(asCookie(bob))).status).toBe(404);
    const forged = { cookie: "backdrop.session_token=forged.signature" };
    for (let i = 0; i < 2; i++) expect((await poll(forged)).status).toBe(401);
  });

  it("keeps the live stream's own Cache-Control", async () => {
    const controller = new AbortController();
    const stream = await t.app.request(`/api/fal/images/${recordId}/events`, {
      headers: asCookie(ada),
      signal: controller.signal,
    });
    expect(stream.headers.get("cache-control")).toBe("no-cache");
    controller.abort();
    await stream.body?.cancel();
  });

  it("ends at once on sign-out", async () => {
    await pollBothWays(ada);
    expect((await identityPost("sign-out", {}, ada)).status).toBe(200);
    await expectEnded(ada);
  });

  it("ends at once for a session revoked from another device, and only for it", async () => {
    const phone = await signInOk(t.app, ada.email);
    await pollBothWays(phone);
    await pollBothWays(ada);
    const listed = await t.app.request("/api/identity/list-sessions", { headers: asCookie(ada) });
    const tokens = ((await listed.json()) as { token: string }[]).map(({ token }) => token);
    const phoneToken = tokens.find((token) => phone.cookie.includes(token)) ?? "";
    expect((await identityPost("revoke-session", { token: phoneToken }, ada)).status).toBe(200);
    await expectEnded(phone);
    await pollBothWays(ada);
  });

  it("ends at once for every session on revoke-sessions and for the others on revoke-other-sessions", async () => {
    const phone = await signInOk(t.app, ada.email);
    const tablet = await signInOk(t.app, ada.email);
    for (const user of [ada, phone, tablet]) await pollBothWays(user);
    expect((await identityPost("revoke-other-sessions", {}, ada)).status).toBe(200);
    await expectEnded(phone);
    await expectEnded(tablet);
    await pollBothWays(ada);
    expect((await identityPost("revoke-sessions", {}, ada)).status).toBe(200);
    await expectEnded(ada);
  });

  it("ends the other sessions at once when the password is changed with revokeOtherSessions", async () => {
    const phone = await signInOk(t.app, ada.email);
    await pollBothWays(phone);
    const changed = await identityPost(
      "change-password",
      { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, revokeOtherSessions: true },
      ada,
    );
    expect(changed.status).toBe(200);
    await expectEnded(phone);
  });

  it("ends at once on a password reset", async () => {
    await pollBothWays(ada);
    const requested = await postJson(
      t.app,
      "/api/identity/request-password-reset",
      { email: ada.email },
      SAME_ORIGIN,
    );
    expect(requested.status).toBe(200);
    const mail = (await t.container.repositories.mailOutbox.list()).find(
      (entry) => entry.subject === RESET_PASSWORD_SUBJECT,
    );
    const [link] = extractLinks(mail?.text ?? "");
    const opened = await t.app.request(link ?? "/missing-link");
    const token = new URL(opened.headers.get("location") ?? "").searchParams.get("token");
    const reset = await postJson(
      t.app,
      "/api/identity/reset-password",
      { token, newPassword: NEW_PASSWORD },
      SAME_ORIGIN,
    );
    expect(reset.status).toBe(200);
    await expectEnded(ada);
  });

  it("ends at once when better-auth deletes the account", async () => {
    await pollBothWays(ada);
    // Account deletion, whichever endpoint offers it, goes through better-auth's adapter.
    const { internalAdapter } = await betterAuth(t.container.identity.options).$context;
    await internalAdapter.deleteUser(ada.id);
    await expectEnded(ada);
  });

  it("lets a session ended by another process read until the cache's lifetime, never write", async () => {
    await pollBothWays(ada);
    // Another server process signs the user out: this one is not told.
    await database.handle().db.deleteFrom("session").where("userId", "=", ada.id).execute();

    expect((await poll(asCookie(ada))).status).toBe(200);
    now += SESSION_CACHE_TTL_MS;
    expect((await poll(asCookie(ada))).status).toBe(401);

    // Anything but a hot read asks the database, and its answer corrects the cache.
    const choose = await postJson(
      t.app,
      `/api/fal/images/${recordId}/choose`,
      { index: 0 },
      { ...SAME_ORIGIN, ...asBearer(ada) },
    );
    expect(choose.status).toBe(401);
    expect((await poll(asBearer(ada))).status).toBe(401);
  });
});
