import { expect } from "vitest";
import { VERIFICATION_SUBJECT } from "../../src/identity/identity-mails.ts";
import { extractLinks } from "../../src/mail/mail-links.ts";
import { APP_URL, type createTestApp, postJson } from "./test-app.ts";

type TestApp = ReturnType<typeof createTestApp>;
type App = TestApp["app"];

/** What a browser on the app's own page sends with every POST. */
export const SAME_ORIGIN = { origin: APP_URL };
export const PASSWORD = "Str0ng!pass";

export type SignedIn = { id: string; email: string; cookie: string; token: string };

/** The cookies a response sets, as a Cookie header (cleared ones left out). */
export function cookiesFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0] ?? "")
    .filter((pair) => pair.includes("=") && !pair.endsWith("="))
    .join("; ");
}

export function signUp(app: App, body: Record<string, unknown>, headers = {}) {
  return postJson(app, "/api/identity/sign-up/email", body, { ...SAME_ORIGIN, ...headers });
}

export function signIn(app: App, email: string, password = PASSWORD, headers = {}) {
  return postJson(
    app,
    "/api/identity/sign-in/email",
    { email, password },
    { ...SAME_ORIGIN, ...headers },
  );
}

/** Signs in and checks that both a session cookie and a bearer token came back. */
export async function signInOk(app: App, email: string, password = PASSWORD): Promise<SignedIn> {
  const res = await signIn(app, email, password);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { user: { id: string; email: string } };
  const token = res.headers.get("set-auth-token") ?? "";
  const cookie = cookiesFrom(res);
  expect(token).not.toBe("");
  expect(cookie).toMatch(/^backdrop\.session_token=/);
  return { id: body.user.id, email: body.user.email, cookie, token };
}

/** A user who signed up, followed the verification link from the outbox and signed in. */
export async function verifiedUser(
  { app, container }: TestApp,
  email: string,
  name = "Test User",
): Promise<SignedIn> {
  expect((await signUp(app, { name, email, password: PASSWORD })).status).toBe(200);
  const mail = (await container.repositories.mailOutbox.list()).find(
    (entry) => entry.to === email.toLowerCase() && entry.subject === VERIFICATION_SUBJECT,
  );
  const [link] = extractLinks(mail?.text ?? "");
  expect((await app.request(link ?? "/missing-link")).status).toBe(302);
  return signInOk(app, email);
}

export const asCookie = (user: SignedIn) => ({ cookie: user.cookie });
export const asBearer = (user: SignedIn) => ({ authorization: `Bearer ${user.token}` });

/** Deletes the signed-in user's account, from the app's own page, with `body`'s proof. */
export function deleteAccount(app: App, user: SignedIn, body: unknown) {
  return app.request("/api/account", {
    method: "DELETE",
    headers: { ...SAME_ORIGIN, ...asCookie(user), "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

export async function getJson(app: App, path: string, headers: Record<string, string> = {}) {
  const res = await app.request(path, { headers });
  return { status: res.status, body: (await res.json()) as unknown, headers: res.headers };
}
