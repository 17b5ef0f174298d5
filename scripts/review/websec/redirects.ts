/** Open redirects: ?next=, callbackURL and redirectTo never send a user to another site. */
import * as A from "../lib/actors.ts";
import { bodyOf, header, request } from "../lib/http.ts";
import type { Instance } from "../lib/instance.ts";
import type { Cases } from "../lib/report.ts";
import { EVIL } from "./common.ts";

const HOSTILE_NEXT = [
  "https://evil.example",
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "javascript:alert(1)",
  "http:evil.example",
  " /evil",
  "evil.example",
];

/** The web app's own ?next= check, and the login page served as is. */
async function nextParameter(inst: Instance, cases: Cases) {
  const { safeNextPath } = await import("../../../apps/web/src/features/auth/next-path.ts");
  for (const value of HOSTILE_NEXT) {
    const safe = safeNextPath(value);
    const staysHome =
      safe === null ||
      (safe.startsWith("/") &&
        !safe.startsWith("//") &&
        new URL(safe, "http://home.invalid").origin === "http://home.invalid");
    cases.check(
      `open redirect: ?next=${JSON.stringify(value)} stays on the site (web app's safeNextPath)`,
      staysHome,
      String(safe),
    );
  }
  cases.check(
    "open redirect: ?next=/gallery?tab=1#x is kept",
    safeNextPath("/gallery?tab=1#x") === "/gallery?tab=1#x",
    String(safeNextPath("/gallery?tab=1#x")),
  );
  const login = await A.get(inst, `/login?next=${encodeURIComponent(EVIL)}`);
  cases.check(
    "open redirect: /login?next=<foreign> is served as the page, no server redirect",
    login.status === 200 && header(login, "location") === "",
    `${login.status} ${header(login, "location")}`,
  );
}

export async function redirects(inst: Instance, cases: Cases) {
  await nextParameter(inst, cases);
  const user = await A.createUser(inst, "redirect");
  const email = A.uniqueEmail("cb");
  cases.status(
    "callbackURL: sign-up with a foreign callbackURL is refused (403)",
    await A.signUp(inst, { name: "x", email, password: A.PASSWORD, callbackURL: `${EVIL}/x` }),
    403,
  );
  const local = A.uniqueEmail("cb-local");
  await A.signUp(inst, { name: "x", email: local, password: A.PASSWORD, callbackURL: "/pricing" });
  const link = (await A.mailsTo(inst, local))[0]?.links[0] ?? "";
  cases.check(
    "callbackURL: the verification link returns to /login whatever the client asked",
    new URL(link).searchParams.get("callbackURL") === "/login",
    link,
  );
  const url = new URL(link);
  for (const cb of [EVIL, "//evil.example", "https:evil.example"]) {
    url.searchParams.set("callbackURL", cb);
    const opened = await request(inst.url, `${url.pathname}${url.search}`);
    const location = header(opened, "location");
    cases.check(
      `callbackURL: verify-email with callbackURL=${cb} does not redirect there`,
      !location.includes("evil.example") && opened.status !== 0,
      `${opened.status} ${location}`,
    );
  }
  cases.status(
    "redirectTo: request-password-reset with a foreign redirectTo is refused (403)",
    await A.postJson(inst, "/api/identity/request-password-reset", {
      email: user.email,
      redirectTo: EVIL,
    }),
    403,
  );
  await A.postJson(inst, "/api/identity/request-password-reset", {
    email: user.email,
    redirectTo: "/account",
  });
  const reset = (await A.mailsTo(inst, user.email)).find((m) => m.subject.includes("Reset"));
  const resetLink = reset?.links[0] ?? "";
  cases.check(
    "redirectTo: the reset link returns to /reset-password whatever the client asked",
    resetLink.includes("callbackURL=%2Freset-password"),
    resetLink,
  );
  cases.status(
    "callbackURL: social sign-in with a foreign callbackURL is refused",
    await A.postJson(inst, "/api/identity/sign-in/social", {
      provider: "google",
      callbackURL: EVIL,
    }),
    [400, 403, 404],
  );
  const signInCb = await A.postJson(inst, "/api/identity/sign-in/email", {
    email: user.email,
    password: A.PASSWORD,
    callbackURL: EVIL,
  });
  cases.check(
    "callbackURL: sign-in with a foreign callbackURL is refused or ignored",
    signInCb.status === 403 || !bodyOf(signInCb).includes("evil.example"),
    `${signInCb.status} ${bodyOf(signInCb).slice(0, 100)}`,
  );
  const oauthError = await A.get(inst, "/api/identity/callback/google?error=access_denied");
  cases.check(
    "OAuth error return lands on the app, not elsewhere",
    !header(oauthError, "location").includes("evil") && oauthError.status < 500,
    `${oauthError.status} ${header(oauthError, "location")}`,
  );
}
