import { ZCurrentUser } from "@backdrop/shared";
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { describeEachDatabase } from "./helpers/databases.ts";
import { cookiesFrom, getJson, PASSWORD, SAME_ORIGIN, signUp } from "./helpers/identity.ts";
import { APP_URL, createTestApp, postJson } from "./helpers/test-app.ts";
import { newAccount } from "./helpers/users.ts";

type Claims = { sub: string; email: string; name: string; email_verified: boolean };

const grace: Claims = {
  sub: "google-grace",
  email: "Grace@Example.com",
  name: "Grace Hopper",
  email_verified: true,
};

describeEachDatabase("Google sign-in through OpenID Connect", (database) => {
  const idp = new OAuth2Server();
  let claims: Claims = grace;

  beforeAll(async () => {
    await idp.issuer.keys.generate("RS256");
    await idp.start(0, "127.0.0.1");
    // Every token the mock signs (access and ID token) carries this person's claims.
    idp.service.on("beforeTokenSigning", (token) => Object.assign(token.payload, claims));
    idp.service.on("beforeUserinfo", (userinfo) => Object.assign(userinfo.body, claims));
  });
  beforeEach(() => {
    claims = grace;
  });
  afterAll(() => idp.stop());

  const setup = () =>
    createTestApp(database.handle(), {
      env: {
        GOOGLE_CLIENT_ID: "backdrop-test-client",
        GOOGLE_CLIENT_SECRET: "backdrop-test-secret",
        GOOGLE_DISCOVERY_URL: `${idp.issuer.url}/.well-known/openid-configuration`,
      },
    });
  type App = ReturnType<typeof setup>["app"];

  /** The browser's round trip: our start endpoint, Google's consent page, our callback. */
  async function signInWithGoogle(app: App, body: Record<string, string> = {}) {
    const start = await postJson(
      app,
      "/api/identity/sign-in/social",
      { provider: "google", callbackURL: "/", ...body },
      SAME_ORIGIN,
    );
    expect(start.status).toBe(200);
    const { url, redirect } = (await start.json()) as { url: string; redirect: boolean };
    expect(redirect).toBe(true);

    const consent = await fetch(url, { redirect: "manual" });
    expect(consent.status).toBe(302);
    const callback = consent.headers.get("location") ?? "";
    expect(callback.startsWith(`${APP_URL}/api/identity/callback/google?`)).toBe(true);
    const done = await app.request(callback, { headers: { cookie: cookiesFrom(start) } });
    return { authorizeUrl: new URL(url), done };
  }

  it("asks Google for the user's identity with PKCE and comes back to our callback", async () => {
    const { app } = setup();
    const { authorizeUrl } = await signInWithGoogle(app);
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${idp.issuer.url}/authorize`);
    expect(Object.fromEntries(authorizeUrl.searchParams)).toMatchObject({
      response_type: "code",
      client_id: "backdrop-test-client",
      redirect_uri: `${APP_URL}/api/identity/callback/google`,
      scope: "openid email profile",
      code_challenge_method: "S256",
      prompt: "select_account",
    });
  });

  it("signs a new user in with a session cookie, a google profile and the free plan", async () => {
    const { app } = setup();
    const { done } = await signInWithGoogle(app);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/");
    const cookie = cookiesFrom(done);
    expect(cookie).toMatch(/^backdrop\.session_token=/);
    expect(done.headers.getSetCookie().join("\n")).toMatch(
      /session_token=[^\n]+HttpOnly; SameSite=Lax/,
    );

    const session = await getJson(app, "/api/identity/get-session", { cookie });
    const { user } = session.body as { user: { id: string } };
    const me = await getJson(app, `/api/auth/get-user-by-uid?uid=${user.id}`, { cookie });
    expect(me.status).toBe(200);
    expect(ZCurrentUser.parse(me.body)).toEqual(
      newAccount({
        uid: user.id,
        email: "grace@example.com",
        name: "Grace Hopper",
        provider: "google",
      }),
    );

    const lookup = await getJson(app, "/api/auth/get-user-by-email?email=grace@example.com");
    expect(lookup).toMatchObject({ status: 200, body: { provider: "google" } });
  });

  it("signs the same Google account into the same user the next time", async () => {
    const { app, container } = setup();
    const first = cookiesFrom((await signInWithGoogle(app)).done);
    const second = cookiesFrom((await signInWithGoogle(app)).done);
    expect(second).not.toBe(first);
    const userId = await container.repositories.identity.findUserIdByEmail(grace.email);
    expect(await container.repositories.identity.listProviderIds(userId ?? "")).toEqual(["google"]);
    const me = await getJson(app, `/api/auth/get-user-by-uid?uid=${userId}`, { cookie: second });
    expect(me.status).toBe(200);
  });

  it("names a user without a display name after the e-mail's local part", async () => {
    claims = {
      sub: "google-nameless",
      email: "nameless@example.com",
      name: "",
      email_verified: true,
    };
    const { app, container } = setup();
    expect((await signInWithGoogle(app)).done.status).toBe(302);
    const userId = await container.repositories.identity.findUserIdByEmail(claims.email);
    expect((await container.repositories.userProfiles.find(userId ?? ""))?.name).toBe("nameless");
  });

  it("keeps a user whose Google e-mail is unverified out of the product", async () => {
    claims = { ...grace, sub: "google-unverified", email_verified: false };
    const { app, container } = setup();
    const { done } = await signInWithGoogle(app);
    const cookie = cookiesFrom(done);
    const session = await getJson(app, "/api/identity/get-session", { cookie });
    // better-auth does open a session; the product refuses it, as SPEC point 4 requires.
    expect(session.body).toMatchObject({ user: { emailVerified: false } });
    const userId = await container.repositories.identity.findUserIdByEmail(grace.email);
    const me = await getJson(app, `/api/auth/get-user-by-uid?uid=${userId}`, { cookie });
    expect(me).toMatchObject({ status: 401, body: { error: "Unauthorized" } });
  });

  it("sends a failed exchange to the error page the web app named", async () => {
    const { app } = setup();
    idp.service.once("beforeResponse", (response) => {
      response.statusCode = 400;
      response.body = { error: "invalid_grant" };
    });
    const { done } = await signInWithGoogle(app, { errorCallbackURL: "/login" });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toMatch(/^\/login\?error=/);
    expect(cookiesFrom(done)).toBe("");
  });

  it("answers get-user-by-email with email for a password account", async () => {
    const { app } = setup();
    const res = await signUp(app, { name: "Ada", email: "ada@example.com", password: PASSWORD });
    expect(res.status).toBe(200);
    const lookup = await getJson(app, "/api/auth/get-user-by-email?email=ada@example.com");
    expect(lookup).toMatchObject({ status: 200, body: { provider: "email" } });
  });

  it("tells the web app that Google sign-in is on", async () => {
    const { app } = setup();
    expect(await getJson(app, "/api/config")).toMatchObject({
      status: 200,
      body: { googleSignIn: true },
    });
  });
});
