import { AUTH_MESSAGES, MESSAGES } from "@backdrop/shared";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { extractLinks } from "../src/mail/mail-links.ts";
import { describeEachDatabase } from "./helpers/databases.ts";
import {
  asBearer,
  asCookie,
  cookiesFrom,
  getJson,
  PASSWORD,
  SAME_ORIGIN,
  signIn,
  signInOk,
  signUp,
} from "./helpers/identity.ts";
import {
  header,
  type SmtpReceiver,
  startSmtpReceiver,
  textBody,
  unusedSmtpPort,
} from "./helpers/smtp-receiver.ts";
import { APP_URL, createTestApp, postJson, TEST_AUTH_SECRET } from "./helpers/test-app.ts";

const ada = { name: "Ada Lovelace", email: "ada@example.com", password: PASSWORD };
const NEW_PASSWORD = "N3w&better-pass";
const WEAK = { code: "PASSWORD_DOES_NOT_MEET_REQUIREMENTS", message: MESSAGES.weakPassword };

describeEachDatabase("identity over HTTP with real SMTP", (database) => {
  let smtp: SmtpReceiver;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
  });
  beforeEach(() => {
    smtp.received.length = 0;
  });
  afterAll(() => smtp.close());

  const setup = (env: Record<string, string> = {}) =>
    createTestApp(database.handle(), { env: { SMTP_URL: smtp.url, ...env } });

  /** The mails sent to `to` with `subject`, each as its decoded text and its links. */
  function mailsTo(to: string, subject: string) {
    return smtp.received
      .filter((mail) => mail.envelopeTo.includes(to) && header(mail.raw, "Subject") === subject)
      .map((mail) => ({ text: textBody(mail.raw), links: extractLinks(textBody(mail.raw)) }));
  }

  const verificationLinks = () =>
    mailsTo(ada.email, "Verify your email for Backdrop").flatMap((mail) => mail.links);
  const resetLinks = () =>
    mailsTo(ada.email, "Reset your Backdrop password").flatMap((mail) => mail.links);

  async function signUpAndVerify(app: ReturnType<typeof setup>["app"]) {
    expect((await signUp(app, ada)).status).toBe(200);
    const [link] = verificationLinks();
    expect((await app.request(link ?? "")).status).toBe(302);
  }

  describe("sign-up", () => {
    it.each([
      ["too short", "Aa1!aaa"],
      ["without a digit", "Abcdefg!"],
      ["without a special character", "Abcdefg1"],
      ["without an uppercase letter", "abcdefg1!"],
      ["without a lowercase letter", "ABCDEFG1!"],
    ])("refuses a password %s with the spec's message", async (_case, password) => {
      const { app, container } = setup();
      const res = await signUp(app, { ...ada, password });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(WEAK);
      expect(await container.repositories.identity.findUserIdByEmail(ada.email)).toBeUndefined();
      expect(smtp.received).toEqual([]);
    });

    it("creates an unverified user with a free profile and mails a link back to /login", async () => {
      const { app, container } = setup();
      // The client's callbackURL does not decide where the link leads.
      const res = await signUp(app, { ...ada, email: "Ada@Example.com", callbackURL: "/x" });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { token: unknown; user: Record<string, unknown> };
      expect(body.token).toBeNull();
      expect(body.user).toMatchObject({ email: ada.email, name: ada.name, emailVerified: false });
      expect(cookiesFrom(res)).toBe("");

      const userId = String(body.user.id);
      expect(await container.repositories.userProfiles.find(userId)).toMatchObject({
        name: "Ada Lovelace",
        provider: "email",
        numOfTokens: 0,
        subscriptionTokens: 0,
        subscriptionPlanId: "free",
      });

      const [mail] = mailsTo(ada.email, "Verify your email for Backdrop");
      expect(mail?.text).toContain("Hi Ada Lovelace,");
      expect(mail?.links).toHaveLength(1);
      const link = new URL(mail?.links[0] ?? "");
      expect(`${link.origin}${link.pathname}`).toBe(`${APP_URL}/api/identity/verify-email`);
      expect(link.searchParams.get("callbackURL")).toBe("/login?verified=1");
      expect(link.searchParams.get("token")).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    });

    it("answers better-auth's 'already exists' code for a taken e-mail, in any case", async () => {
      const { app } = setup();
      expect((await signUp(app, ada)).status).toBe(200);
      for (const email of [ada.email, "ADA@example.COM"]) {
        const res = await signUp(app, { ...ada, email, name: "Someone Else" });
        expect(res.status).toBe(422);
        expect(await res.json()).toEqual({
          code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL",
          message: "User already exists. Use another email.",
        });
      }
      expect(verificationLinks()).toHaveLength(1);
    });
  });

  describe("verification", () => {
    it("refuses sign-in until the link is followed, then marks the user verified", async () => {
      const { app, container } = setup();
      expect((await signUp(app, ada)).status).toBe(200);

      const early = await signIn(app, ada.email);
      expect(early.status).toBe(403);
      expect(await early.json()).toMatchObject({ code: "EMAIL_NOT_VERIFIED" });
      expect(cookiesFrom(early)).toBe("");

      const [link] = verificationLinks();
      const followed = await app.request(link ?? "");
      expect(followed.status).toBe(302);
      expect(followed.headers.get("location")).toBe("/login?verified=1");
      // No automatic sign-in: the user signs in on /login.
      expect(cookiesFrom(followed)).toBe("");

      const userId = await container.repositories.identity.findUserIdByEmail(ada.email);
      const user = await container.repositories.identity.findUserById(userId ?? "");
      expect(user?.emailVerified).toBe(true);

      const signedIn = await signIn(app, ada.email);
      expect(signedIn.status).toBe(200);
      expect(signedIn.headers.get("set-auth-token")).toBeTruthy();
      const [cookie] = signedIn.headers.getSetCookie();
      expect(cookie).toMatch(
        /^backdrop\.session_token=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/,
      );
    });

    it("sends the link again on request", async () => {
      const { app } = setup();
      expect((await signUp(app, ada)).status).toBe(200);
      const res = await postJson(
        app,
        "/api/identity/send-verification-email",
        { email: ada.email },
        SAME_ORIGIN,
      );
      expect(res.status).toBe(200);
      const links = verificationLinks();
      expect(links).toHaveLength(2);
      expect((await app.request(links[1] ?? "")).headers.get("location")).toBe("/login?verified=1");
      expect((await signIn(app, ada.email)).status).toBe(200);
    });

    it("sends an invalid or forged link back to /login with the error", async () => {
      const { app } = setup();
      await signUpAndVerify(app);
      const forged = await app.request(
        "/api/identity/verify-email?token=not-a-token&callbackURL=%2Flogin",
      );
      expect(forged.status).toBe(302);
      expect(forged.headers.get("location")).toBe("/login?error=INVALID_TOKEN");
    });

    it("refuses a verification link signed with another secret", async () => {
      const { app } = setup();
      expect((await signUp(app, ada)).status).toBe(200);
      const [link] = verificationLinks();
      const other = setup({ BETTER_AUTH_SECRET: `${TEST_AUTH_SECRET}-other` });
      const res = await other.app.request(link ?? "");
      // the login page reads the error before the landing's `verified`
      expect(res.headers.get("location")).toBe("/login?verified=1&error=INVALID_TOKEN");
      expect((await signIn(app, ada.email)).status).toBe(403);
    });
  });

  describe("sign-in", () => {
    it("answers a wrong password and an unknown e-mail alike", async () => {
      const { app } = setup();
      await signUpAndVerify(app);
      for (const [email, password] of [
        [ada.email, "Wr0ng!pass"],
        ["nobody@example.com", PASSWORD],
      ]) {
        const res = await signIn(app, email ?? "", password);
        expect(res.status).toBe(401);
        expect(await res.json()).toEqual({
          code: "INVALID_EMAIL_OR_PASSWORD",
          message: "Invalid email or password",
        });
      }
    });

    it("marks the cookie Secure in production", async () => {
      const { app } = setup({ NODE_ENV: "production", ALLOW_SANDBOX: "1" });
      await signUpAndVerify(app);
      const res = await signIn(app, ada.email);
      expect(res.status).toBe(200);
      const [cookie] = res.headers.getSetCookie();
      expect(cookie).toMatch(
        /^__Secure-backdrop\.session_token=.+; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
      );
    });
  });

  describe("password reset", () => {
    it("mails a link to /reset-password, takes a strong new password once, and ends old sessions", async () => {
      const { app } = setup();
      await signUpAndVerify(app);
      const before = await signInOk(app, ada.email);

      const requested = await postJson(
        app,
        "/api/identity/request-password-reset",
        { email: ada.email, redirectTo: "/somewhere-else" },
        SAME_ORIGIN,
      );
      expect(requested.status).toBe(200);
      const [link] = resetLinks();
      const url = new URL(link ?? "");
      expect(url.pathname).toMatch(/^\/api\/identity\/reset-password\/[\w-]+$/);
      expect(url.searchParams.get("callbackURL")).toBe("/reset-password");

      const opened = await app.request(link ?? "");
      expect(opened.status).toBe(302);
      const landing = new URL(opened.headers.get("location") ?? "");
      expect(`${landing.origin}${landing.pathname}`).toBe(`${APP_URL}/reset-password`);
      const token = landing.searchParams.get("token") ?? "";
      expect(url.pathname.endsWith(`/${token}`)).toBe(true);

      const reset = (newPassword: string) =>
        postJson(app, "/api/identity/reset-password", { token, newPassword }, SAME_ORIGIN);
      const weak = await reset("weakpass");
      expect(weak.status).toBe(400);
      expect(await weak.json()).toEqual(WEAK);

      const done = await reset(NEW_PASSWORD);
      expect(done.status).toBe(200);
      expect(await done.json()).toEqual({ status: true });

      // Sessions from before the reset are over, by cookie and by bearer token.
      const uid = `/api/auth/get-user-by-uid?uid=${before.id}`;
      expect((await getJson(app, uid, asCookie(before))).status).toBe(401);
      expect((await getJson(app, uid, asBearer(before))).status).toBe(401);

      expect((await signIn(app, ada.email, PASSWORD)).status).toBe(401);
      const after = await signInOk(app, ada.email, NEW_PASSWORD);
      expect(
        (await getJson(app, `/api/auth/get-user-by-uid?uid=${after.id}`, asCookie(after))).status,
      ).toBe(200);

      // The token works once.
      const again = await reset("An0ther!pass");
      expect(again.status).toBe(400);
      expect(await again.json()).toMatchObject({ code: "INVALID_TOKEN" });
      const reopened = await app.request(link ?? "");
      expect(reopened.headers.get("location")).toBe(
        `${APP_URL}/reset-password?error=INVALID_TOKEN`,
      );
    });

    it("answers the same for an unknown e-mail and sends nothing", async () => {
      const { app } = setup();
      const res = await postJson(
        app,
        "/api/identity/request-password-reset",
        { email: "nobody@example.com", redirectTo: "/reset-password" },
        SAME_ORIGIN,
      );
      expect(res.status).toBe(200);
      expect(smtp.received).toEqual([]);
    });
  });

  describe("when the mail relay is down", () => {
    it("keeps the new account, answers 502 to a resend and logs both failures", async () => {
      const { app, container, logger } = createTestApp(database.handle(), {
        env: { SMTP_URL: `smtp://127.0.0.1:${await unusedSmtpPort()}` },
      });
      expect((await signUp(app, ada)).status).toBe(200);
      expect(await container.repositories.identity.findUserIdByEmail(ada.email)).toBeDefined();

      const resend = await postJson(
        app,
        "/api/identity/send-verification-email",
        { email: ada.email },
        SAME_ORIGIN,
      );
      expect(resend.status).toBe(502);
      expect(await resend.json()).toEqual({
        code: "EMAIL_DELIVERY_FAILED",
        message: AUTH_MESSAGES.mailFailed,
      });
      const failures = logger.error.mock.calls.filter(
        ([message]) => message === "Identity mail could not be delivered",
      );
      expect(failures).toHaveLength(2);
    });
  });

  describe("sign-out", () => {
    it.each([
      ["cookie", asCookie],
      ["bearer token", asBearer],
    ])("ends the session of its %s", async (_case, credentials) => {
      const { app } = setup();
      await signUpAndVerify(app);
      const user = await signInOk(app, ada.email);
      const other = await signInOk(app, ada.email);
      const uid = `/api/auth/get-user-by-uid?uid=${user.id}`;
      expect((await getJson(app, uid, credentials(user))).status).toBe(200);

      const out = await postJson(
        app,
        "/api/identity/sign-out",
        {},
        {
          ...SAME_ORIGIN,
          ...credentials(user),
        },
      );
      expect(out.status).toBe(200);
      expect((await getJson(app, uid, asCookie(user))).status).toBe(401);
      expect((await getJson(app, uid, asBearer(user))).status).toBe(401);
      // Other devices stay signed in.
      expect((await getJson(app, uid, asBearer(other))).status).toBe(200);
    });
  });
});
