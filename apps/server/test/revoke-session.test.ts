import { expect, it } from "vitest";
import { NO_SUCH_SESSION } from "../src/identity/own-sessions.ts";
import { describeEachDatabase } from "./helpers/databases.ts";
import {
  asBearer,
  asCookie,
  getJson,
  SAME_ORIGIN,
  type SignedIn,
  signInOk,
  verifiedUser,
} from "./helpers/identity.ts";
import { createTestApp, postJson } from "./helpers/test-app.ts";

type TestApp = ReturnType<typeof createTestApp>;

describeEachDatabase("POST /api/identity/revoke-session", (database) => {
  const setup = () => createTestApp(database.handle());

  /** The session tokens better-auth lists for the signed-in user, in its order. */
  async function sessionTokens({ app }: TestApp, user: SignedIn): Promise<string[]> {
    const listed = await getJson(app, "/api/identity/list-sessions", asCookie(user));
    expect(listed.status).toBe(200);
    return (listed.body as { token: string }[]).map((session) => session.token);
  }

  async function isSignedIn({ app }: TestApp, user: SignedIn): Promise<boolean> {
    const session = await getJson(app, "/api/identity/get-session", asCookie(user));
    return (session.body as { user?: { id: string } } | null)?.user?.id === user.id;
  }

  const revoke = ({ app }: TestApp, token: string, auth: Record<string, string>) =>
    postJson(app, "/api/identity/revoke-session", { token }, { ...SAME_ORIGIN, ...auth });

  it("answers 404 for someone else's session and leaves it valid", async () => {
    const test = setup();
    const ada = await verifiedUser(test, "ada@example.com");
    const mallory = await verifiedUser(test, "mallory@example.com");
    const [adaToken] = await sessionTokens(test, ada);

    for (const auth of [asCookie(mallory), asBearer(mallory)]) {
      const res = await revoke(test, adaToken ?? "", auth);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(NO_SUCH_SESSION);
    }
    expect(await isSignedIn(test, ada)).toBe(true);
    expect(await isSignedIn(test, mallory)).toBe(true);
  });

  it("answers 404 for a token no session has", async () => {
    const test = setup();
    const ada = await verifiedUser(test, "ada@example.com");
    const res = await revoke(test, "no-such-token", asCookie(ada));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(NO_SUCH_SESSION);
    expect(await isSignedIn(test, ada)).toBe(true);
  });

  it("still revokes one's own other session", async () => {
    const test = setup();
    const laptop = await verifiedUser(test, "ada@example.com");
    const phone = await signInOk(test.app, "ada@example.com");
    const tokens = await sessionTokens(test, laptop);
    expect(tokens).toHaveLength(2);
    // The phone's session is the one the laptop's cookie does not carry.
    const phoneToken = tokens.find((token) => !laptop.cookie.includes(token)) ?? "";

    const res = await revoke(test, phoneToken, asCookie(laptop));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: true });
    expect(await isSignedIn(test, phone)).toBe(false);
    expect(await isSignedIn(test, laptop)).toBe(true);
    expect(await sessionTokens(test, laptop)).toHaveLength(1);
  });

  it("still revokes one's own session by bearer token", async () => {
    const test = setup();
    const laptop = await verifiedUser(test, "ada@example.com");
    const phone = await signInOk(test.app, "ada@example.com");
    const phoneToken =
      (await sessionTokens(test, laptop)).find((token) => !laptop.cookie.includes(token)) ?? "";
    const res = await revoke(test, phoneToken, asBearer(laptop));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: true });
    expect(await isSignedIn(test, phone)).toBe(false);
  });

  it("revokes the current session and clears its cookie", async () => {
    const test = setup();
    const ada = await verifiedUser(test, "ada@example.com");
    const [token] = await sessionTokens(test, ada);
    const res = await revoke(test, token ?? "", asCookie(ada));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: true });
    expect(res.headers.getSetCookie().join("\n")).toMatch(/backdrop\.session_token=;/);
    expect(await isSignedIn(test, ada)).toBe(false);
  });

  it("answers 401 without a session, whether the token exists or not", async () => {
    const test = setup();
    const ada = await verifiedUser(test, "ada@example.com");
    const [token] = await sessionTokens(test, ada);
    for (const candidate of [token ?? "", "no-such-token"]) {
      expect((await revoke(test, candidate, {})).status).toBe(401);
    }
    expect(await isSignedIn(test, ada)).toBe(true);
  });
});
