/** The dev mailbox's loopback gate, revoke-session across users, and the session cookie's flags. */
import * as A from "../lib/actors.ts";
import { bodyOf, request } from "../lib/http.ts";
import type { Instance } from "../lib/instance.ts";
import type { Cases } from "../lib/report.ts";

export async function mailboxGate(inst: Instance, cases: Cases) {
  const port = new URL(inst.url).port;
  const allowed: [string, Record<string, string>, string?][] = [
    ["plain loopback", {}],
    ["from another loopback address (127.0.0.5)", {}, "127.0.0.5"],
    ["Host: localhost", { host: `localhost:${port}` }],
    ["Host: app.localhost", { host: `app.localhost:${port}` }],
    ["Host: [::1]", { host: `[::1]:${port}` }],
  ];
  for (const [name, headers, localAddress] of allowed) {
    const a = await request(inst.url, "/api/dev/mailbox", {
      headers,
      ...(localAddress ? { localAddress } : {}),
    });
    cases.status(`dev mailbox: allowed ${name}`, a, 200);
  }
  const refused: [string, Record<string, string>][] = [
    ["with X-Forwarded-For", { "x-forwarded-for": "127.0.0.1" }],
    ["with an empty X-Forwarded-For", { "x-forwarded-for": "" }],
    ["with Forwarded", { forwarded: "for=127.0.0.1" }],
    ["with X-Real-IP", { "x-real-ip": "127.0.0.1" }],
    ["with a foreign Host", { host: "evil.example" }],
    ["with a foreign Host and port", { host: `evil.example:${port}` }],
    ["with a rebinding Host", { host: `127.0.0.1.nip.io:${port}` }],
    ["with Host localhost.evil.example", { host: `localhost.evil.example:${port}` }],
  ];
  for (const [name, headers] of refused) {
    const a = await request(inst.url, "/api/dev/mailbox", { headers });
    cases.status(`dev mailbox: refused ${name} (404)`, a, 404);
  }
  const page = await A.get(inst, "/dev/mailbox");
  cases.check(
    "dev mailbox: the page itself holds no mail",
    !bodyOf(page).includes("@review.example"),
    "",
  );
}

export async function sessions(inst: Instance, cases: Cases) {
  const ada = await A.createUser(inst, "ada");
  const mallory = await A.createUser(inst, "mallory");
  const adaToken = A.rawToken(ada);
  const revoke = (token: string, auth: Record<string, string>) =>
    request(inst.url, "/api/identity/revoke-session", {
      method: "POST",
      headers: { "content-type": "application/json", ...A.sameOrigin(inst), ...auth },
      body: JSON.stringify({ token }),
    });
  const stillAda = async () =>
    A.sessionUserId(await A.get(inst, "/api/identity/get-session", ada)) === ada.id;
  const byCookie = await revoke(adaToken, { cookie: mallory.cookie });
  cases.status(
    "revoke-session with another user's token (cookie) answers 404",
    byCookie,
    404,
    (byCookie.json as { code?: string })?.code === "SESSION_NOT_FOUND",
  );
  cases.check("… and that session stays valid", await stillAda(), "");
  cases.status(
    "revoke-session with another user's token (bearer) answers 404",
    await revoke(adaToken, A.asBearer(mallory)),
    404,
  );
  cases.status(
    "revoke-session with another user's signed cookie value answers 404",
    await revoke(ada.token, { cookie: mallory.cookie }),
    404,
  );
  cases.status("revoke-session without a session answers 401", await revoke(adaToken, {}), 401);
  cases.check("… and Ada's session is still valid after all of them", await stillAda(), "");
  const phone = A.asUser(await A.signIn(inst, ada.email), "Ada");
  cases.status(
    "revoking one's own other session answers 200",
    await revoke(A.rawToken(phone), { cookie: ada.cookie }),
    200,
  );
  const phoneNow = await A.get(inst, "/api/identity/get-session", phone);
  cases.check("… and that session is gone", phoneNow.json === null, bodyOf(phoneNow).slice(0, 60));

  const cookie = A.sessionCookie(await A.signIn(inst, ada.email));
  cases.check("cookie: session cookie is HttpOnly", /;\s*HttpOnly/i.test(cookie), cookie);
  cases.check("cookie: session cookie is SameSite=Lax", /;\s*SameSite=Lax/i.test(cookie), cookie);
  cases.check(
    "cookie: session cookie is Path=/ with no Domain",
    /;\s*Path=\//i.test(cookie) && !/;\s*Domain=/i.test(cookie),
    cookie,
  );
  cases.check(
    "cookie: named backdrop.session_token (no Secure in development, as documented)",
    cookie.startsWith("backdrop.session_token=") && !/;\s*Secure/i.test(cookie),
    cookie,
  );
  const signedOut = await A.postJson(inst, "/api/identity/sign-out", {}, ada);
  const cleared = A.sessionCookie(signedOut);
  cases.check(
    "cookie: sign-out clears the session cookie",
    /Max-Age=0/i.test(cleared) || /Expires=Thu, 01 Jan 1970/i.test(cleared),
    cleared,
  );
  cases.status(
    "cookie: the signed-out session no longer works",
    await A.get(inst, `/api/auth/get-user-by-uid?uid=${ada.id}`, ada),
    401,
  );
}
