/**
 * Category 5: CSRF, security headers, XSS in JSON, HTML and mails, rate limits behind proxies
 * (TRUST_PROXY), the dev mailbox's gate, revoke-session, cookie flags, open redirects, path
 * traversal on /api/files and the static files, live streams of other users' records.
 */

import type { User } from "./lib/actors.ts";
import * as A from "./lib/actors.ts";
import { query } from "./lib/db.ts";
import { type Answer, errorOf, header, type NoAnswer, request } from "./lib/http.ts";
import { photo } from "./lib/images.ts";
import { type Instance, type InstanceOptions, withInstance } from "./lib/instance.ts";
import type { Cases } from "./lib/report.ts";
import type { Plan } from "./run.ts";

const EVIL = "https://evil.example";
const SCRIPT = "<script>alert(1)</script>";
const IMG = '"><img src=x onerror=alert(1)>';
const XSS = [SCRIPT, IMG];

const bodyOf = (a: Answer | NoAnswer) => (a.status === 0 ? "" : a.text);

/** A user with a subscription, an uploaded record, a checkout and a portal: the CSRF targets. */
async function targets(inst: Instance) {
  const user = await A.subscriber(inst, "csrf", "pro");
  const uploaded = await A.upload(inst, user, photo("coffee.png"));
  const portal = await A.postJson(
    inst,
    "/api/payment/create-portal-session",
    { uid: user.id },
    user,
  );
  const portalId = new URL((portal.json as { url: string }).url).pathname.split("/").pop() ?? "";
  return { user, uploaded, portalId };
}

type Target = { name: string; path: string; body: unknown; form?: boolean };

function stateChanging(user: User, uploaded: A.Uploaded, portalId: string): Target[] {
  const json = (name: string, path: string, body: unknown): Target => ({ name, path, body });
  return [
    json("save-user", "/api/auth/save-user", {
      uid: user.id,
      email: user.email,
      name: "Hacked",
      provider: "email",
    }),
    json("create-subscription", "/api/payment/create-subscription", {
      uid: user.id,
      planId: "elite",
    }),
    json("create-portal-session", "/api/payment/create-portal-session", { uid: user.id }),
    json("cancel-subscription", "/api/payment/cancel-subscription", { uid: user.id }),
    json("reactivate-subscription", "/api/payment/reactivate-subscription", { uid: user.id }),
    json("update-subscription", "/api/payment/update-subscription", {
      uid: user.id,
      newPlanId: "elite",
    }),
    json("create-checkout-session", "/api/payment/create-checkout-session", {
      uid: user.id,
      tokenCount: 100,
      amount: 9,
    }),
    json("fal/process", "/api/fal/process", A.processBody(user, uploaded)),
    json("fal/upscale", "/api/fal/upscale", {
      imageUrl: uploaded.url,
      options: {},
      savedRecordId: uploaded.recordId,
      userUid: user.id,
    }),
    json("fal/edit-gemini", "/api/fal/edit-gemini", {
      imageUrl: uploaded.url,
      prompt: "warmer",
      imageRecordId: uploaded.recordId,
      userUid: user.id,
    }),
    json("email/contact", "/api/email/contact", {
      name: "x",
      email: "x@review.example",
      subject: "s",
      message: "m",
    }),
    json("email/report", "/api/email/report", { issueType: "Bug Report", description: "d" }),
    json("identity sign-in", "/api/identity/sign-in/email", {
      email: user.email,
      password: A.PASSWORD,
    }),
    json("identity sign-up", "/api/identity/sign-up/email", {
      name: "x",
      email: A.uniqueEmail("csrf-signup"),
      password: A.PASSWORD,
    }),
    json("identity sign-out", "/api/identity/sign-out", {}),
    json("identity update-user", "/api/identity/update-user", { name: "Hacked" }),
    json("identity change-password", "/api/identity/change-password", {
      currentPassword: A.PASSWORD,
      newPassword: "Hacked!pass1",
    }),
    json("identity revoke-sessions", "/api/identity/revoke-sessions", {}),
    json("identity request-password-reset", "/api/identity/request-password-reset", {
      email: user.email,
      redirectTo: "/reset-password",
    }),
    {
      name: "sandbox portal cancel",
      path: `/sandbox/portal/${portalId}/cancel`,
      body: "",
      form: true,
    },
    {
      name: "sandbox portal change-plan",
      path: `/sandbox/portal/${portalId}/change-plan`,
      body: "planId=elite",
      form: true,
    },
    {
      name: "sandbox portal end-period",
      path: `/sandbox/portal/${portalId}/end-period`,
      body: "",
      form: true,
    },
  ];
}

function send(
  inst: Instance,
  target: Target,
  user: User,
  origin: string | undefined,
  extra: Record<string, string> = {},
) {
  return request(inst.url, target.path, {
    method: "POST",
    headers: {
      "content-type": target.form ? "application/x-www-form-urlencoded" : "application/json",
      cookie: user.cookie,
      origin,
      ...extra,
    },
    body: target.form ? String(target.body) : JSON.stringify(target.body),
  });
}

async function csrf(inst: Instance, cases: Cases) {
  const { user, uploaded, portalId } = await targets(inst);
  const port = new URL(inst.url).port;
  const foreign: [string, string][] = [
    ["a foreign Origin", EVIL],
    ["Origin: null", "null"],
    ["a look-alike Origin", `http://127.0.0.1:${port}.evil.example`],
    ["the same host on another port", `http://127.0.0.1:${Number(port) + 1}`],
  ];
  const before = await A.get(inst, `/api/auth/get-user-by-uid?uid=${user.id}`, user);
  for (const target of stateChanging(user, uploaded, portalId)) {
    for (const [what, origin] of foreign) {
      const answer = await send(inst, target, user, origin);
      cases.status(`CSRF: ${target.name} from ${what} is refused (403)`, answer, 403);
    }
  }
  const after = await A.get(inst, `/api/auth/get-user-by-uid?uid=${user.id}`, user);
  cases.check(
    "CSRF: the refused requests changed nothing on the account",
    bodyOf(before) === bodyOf(after),
    `${bodyOf(before)} → ${bodyOf(after)}`,
  );
  cases.status(
    "CSRF: the session survived the refused sign-out and revoke-sessions",
    await A.get(inst, `/api/auth/get-user-by-uid?uid=${user.id}`, user),
    200,
  );
  const jobs = await query(inst, "select count(*) as n from image_jobs where user_id = ?", [
    user.id,
  ]);
  cases.check(
    "CSRF: no job was started by a refused request",
    Number(jobs[0]?.n) === 0,
    `${jobs[0]?.n} jobs`,
  );

  // Without Origin: identity endpoints (better-auth) refuse a cookie-carrying request; product
  // endpoints let it through by design (docs: non-browser clients; browsers always send Origin
  // on POST, and the SameSite=Lax cookie is not sent on cross-site POSTs).
  const noOrigin = stateChanging(user, uploaded, portalId);
  const identityUpdate = noOrigin.find((t) => t.name === "identity update-user") as Target;
  const identitySignOut = noOrigin.find((t) => t.name === "identity sign-out") as Target;
  cases.status(
    "no Origin: identity update-user with a cookie is refused (403)",
    await send(inst, identityUpdate, user, undefined),
    403,
  );
  cases.status(
    "no Origin: identity sign-out with a cookie is refused (403)",
    await send(inst, identitySignOut, user, undefined),
    403,
  );
  const saveUser = noOrigin.find((t) => t.name === "save-user") as Target;
  cases.status(
    "no Origin: product endpoint save-user passes (documented: non-browser clients)",
    await send(inst, saveUser, user, undefined),
    200,
  );
  cases.status(
    "trusted dev origin http://localhost:5173 may send requests (development)",
    await send(inst, saveUser, user, "http://localhost:5173"),
    200,
  );
  cases.status(
    "the app's own origin may send requests",
    await send(inst, saveUser, user, inst.url),
    200,
  );

  // Reading across origins: no CORS grant to a foreign page.
  const read = await request(inst.url, `/api/auth/get-user-by-uid?uid=${user.id}`, {
    headers: { cookie: user.cookie, origin: EVIL },
  });
  cases.check(
    "CORS: a foreign page gets no Access-Control-Allow-Origin",
    header(read, "access-control-allow-origin") === "",
    header(read, "access-control-allow-origin"),
  );
  const preflight = await request(inst.url, "/api/payment/cancel-subscription", {
    method: "OPTIONS",
    headers: {
      origin: EVIL,
      "access-control-request-method": "POST",
      "access-control-request-headers": "content-type",
    },
  });
  cases.check(
    "CORS: a preflight from a foreign page is not granted",
    header(preflight, "access-control-allow-origin") === "" &&
      header(preflight, "access-control-allow-credentials") === "",
    `${preflight.status} ${header(preflight, "access-control-allow-origin")}`,
  );
  return { user, uploaded, portalId };
}

async function headers(
  inst: Instance,
  cases: Cases,
  user: User,
  uploaded: A.Uploaded,
  portalId: string,
) {
  const index = await A.get(inst, "/");
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(bodyOf(index))?.[1] ?? "/assets/missing.js";
  const checkout = await A.postJson(
    inst,
    "/api/payment/create-checkout-session",
    { uid: user.id, tokenCount: 100, amount: 9 },
    user,
  );
  const elite = await A.subscriber(inst, "headers-elite", "elite");
  const pack = await A.postJson(
    inst,
    "/api/payment/create-checkout-session",
    { uid: elite.id, tokenCount: 100, amount: 9 },
    elite,
  );
  const packId = (pack.json as { sessionId?: string } | undefined)?.sessionId ?? "";
  void checkout;
  const urls: [string, string, User | null, number][] = [
    ["page /", "/", null, 200],
    ["page /login?next=/gallery", "/login?next=/gallery", null, 200],
    ["page /pricing", "/pricing", null, 200],
    ["page /dev/mailbox", "/dev/mailbox", null, 200],
    ["unknown page", "/no-such-page", null, 200],
    ["asset", asset, null, 200],
    ["favicon", "/favicon.svg", null, 200],
    ["API /api/health", "/api/health", null, 200],
    ["API /api/config", "/api/config", null, 200],
    ["API 401", `/api/auth/get-user-by-uid?uid=${user.id}`, null, 401],
    ["API 404", "/api/no-such-route", null, 404],
    ["API own record", `/api/fal/images/${uploaded.recordId}`, user, 200],
    ["API stored file", new URL(uploaded.url).pathname, user, 200],
    ["sandbox checkout page", `/sandbox/checkout/${packId}`, elite, 200],
    ["sandbox portal page", `/sandbox/portal/${portalId}`, user, 200],
  ];
  for (const [name, path, who, status] of urls) {
    const a = await A.get(inst, path, who);
    cases.status(`headers: ${name} answers ${status}`, a, status);
    const csp = header(a, "content-security-policy");
    cases.check(
      `headers: ${name}: CSP default-src 'self', frame-ancestors 'none', object-src 'none'`,
      csp.includes("default-src 'self'") &&
        csp.includes("frame-ancestors 'none'") &&
        csp.includes("object-src 'none'"),
      csp,
    );
    const scripts = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
    cases.check(
      `headers: ${name}: script-src without unsafe-inline/unsafe-eval`,
      scripts.includes("'self'") && !scripts.includes("unsafe"),
      scripts,
    );
    cases.check(
      `headers: ${name}: X-Frame-Options`,
      ["SAMEORIGIN", "DENY"].includes(header(a, "x-frame-options")),
      header(a, "x-frame-options"),
    );
    cases.check(
      `headers: ${name}: X-Content-Type-Options nosniff`,
      header(a, "x-content-type-options") === "nosniff",
      header(a, "x-content-type-options"),
    );
    cases.check(
      `headers: ${name}: COOP same-origin-allow-popups`,
      header(a, "cross-origin-opener-policy") === "same-origin-allow-popups",
      header(a, "cross-origin-opener-policy"),
    );
    cases.check(
      `headers: ${name}: Referrer-Policy no-referrer`,
      header(a, "referrer-policy") === "no-referrer",
      header(a, "referrer-policy"),
    );
    cases.check(
      `headers: ${name}: no X-Powered-By`,
      header(a, "x-powered-by") === "",
      header(a, "x-powered-by"),
    );
  }
  for (const path of ["/auth/complete", "/api/identity/callback/google?error=access_denied"]) {
    const a = await A.get(inst, path);
    cases.check(
      `headers: no COOP on the popup's way back (${path.split("?")[0]})`,
      header(a, "cross-origin-opener-policy") === "",
      `${a.status} ${header(a, "cross-origin-opener-policy")}`,
    );
  }
  const caching: [string, string, User | null, RegExp][] = [
    ["user data", `/api/auth/get-user-by-uid?uid=${user.id}`, user, /no-store/],
    ["a record", `/api/fal/images/${uploaded.recordId}`, user, /no-store/],
    ["the gallery", `/api/images/${user.id}`, user, /no-store/],
    ["payment answers", "/api/payment/plan-change-quote?newPlanId=elite", user, /no-store/],
    ["a stored file", new URL(uploaded.url).pathname, user, /^private/],
    ["sandbox pages", `/sandbox/portal/${portalId}`, user, /no-store/],
    ["pages", "/pricing", null, /no-cache/],
  ];
  for (const [name, path, who, want] of caching) {
    const a = await A.get(inst, path, who);
    cases.check(
      `caching: ${name} (${header(a, "cache-control")})`,
      want.test(header(a, "cache-control")),
      header(a, "cache-control"),
    );
  }
  const sandboxPage = await A.get(inst, `/sandbox/portal/${portalId}`, user);
  cases.check(
    "sandbox pages keep same-origin referrers for their form posts",
    bodyOf(sandboxPage).includes('name="referrer" content="same-origin"'),
    "",
  );
  const json = await A.get(inst, `/api/fal/images/${uploaded.recordId}`, user);
  cases.check(
    "API answers are application/json",
    header(json, "content-type").startsWith("application/json"),
    header(json, "content-type"),
  );
}

async function xss(inst: Instance, cases: Cases) {
  for (const [i, payload] of XSS.entries()) {
    const email = A.uniqueEmail(`xss${i}`);
    const signed = await A.signUp(inst, { name: payload, email, password: A.PASSWORD });
    cases.status(`XSS: sign-up with the name ${payload}`, signed, 200);
    const mail = (await A.mailsTo(inst, email))[0];
    cases.check(
      `XSS: the verification mail's HTML escapes the name ${payload}`,
      !!mail?.html && !mail.html.includes(payload) && !/<script|<img/i.test(mail.html),
      mail?.html?.slice(0, 200) ?? "no mail",
    );
    await A.verifyEmail(inst, email);
    const user = A.asUser(await A.signIn(inst, email), payload);
    const me = await A.get(inst, `/api/auth/get-user-by-uid?uid=${user.id}`, user);
    cases.check(
      `XSS: the name comes back as JSON data (${payload})`,
      header(me, "content-type").startsWith("application/json") &&
        (me.json as { name?: string }).name === payload,
      `${header(me, "content-type")} ${bodyOf(me).slice(0, 80)}`,
    );
    await A.postJson(inst, "/api/identity/request-password-reset", {
      email,
      redirectTo: "/reset-password",
    });
    const reset = (await A.mailsTo(inst, email)).find((m) => m.subject.includes("Reset"));
    cases.check(
      `XSS: the reset mail's HTML escapes the name (${payload})`,
      !!reset?.html && !reset.html.includes(payload),
      reset?.html?.slice(0, 120) ?? "no mail",
    );
  }
  const sender = await A.createUser(inst, "contact");
  const contact = await A.postJson(
    inst,
    "/api/email/contact",
    {
      name: IMG,
      email: "x@review.example",
      subject: SCRIPT,
      message: `${SCRIPT} ${IMG} <a href="javascript:alert(1)">x</a>`,
    },
    null,
  );
  cases.status("XSS: contact message with script payloads accepted", contact, 200);
  const support = (await A.mailbox(inst)).find((m) => m.subject.startsWith("[Contact]"));
  cases.check(
    "XSS: the support mail's HTML escapes every payload",
    !!support?.html && !/<script|<img|<a href="javascript/i.test(support.html),
    support?.html?.slice(0, 300) ?? "no mail",
  );
  const injected = await A.postJson(
    inst,
    "/api/email/contact",
    {
      name: "x\r\nBcc: victim@evil.example",
      email: "x@review.example",
      subject: "Hi\r\nBcc: victim@evil.example",
      message: "m",
    },
    sender,
  );
  const lastContact = (await A.mailbox(inst)).find(
    (m) => m.subject.startsWith("[Contact]") && m.subject.includes("Hi"),
  );
  cases.check(
    "mail header injection: CR/LF in the contact subject never reach a header",
    injected.status === 400 || (lastContact !== undefined && !/[\r\n]/.test(lastContact.subject)),
    `${injected.status} ${JSON.stringify(lastContact?.subject)}`,
  );
  for (const link of [
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
  ]) {
    const report = await A.postJson(inst, "/api/email/report", {
      issueType: "Bug Report",
      description: "d",
      attachmentLink: link,
    });
    cases.status(
      `XSS: report attachment link ${link.slice(0, 16)}… refused (400)`,
      report,
      400,
      errorOf(report) === "Please enter a valid link starting with http:// or https://",
    );
  }
  const reportOk = await A.postJson(inst, "/api/email/report", {
    issueType: "Security Issue",
    description: SCRIPT,
    attachmentLink: `https://ok.example/${IMG}`,
  });
  cases.status("XSS: report with script payloads accepted", reportOk, 200);
  const reportMail = (await A.mailbox(inst)).find((m) => m.subject.startsWith("[Security Issue]"));
  cases.check(
    "XSS: the report mail's HTML escapes the description and link",
    !!reportMail?.html && !/<script|<img/i.test(reportMail.html),
    reportMail?.html?.slice(0, 300) ?? "no mail",
  );

  const artist = await A.subscriber(inst, "prompt", "starter");
  const uploaded = await A.upload(inst, artist, photo("coffee.png"));
  const started = await A.processImage(inst, artist, uploaded, { prompt: `${SCRIPT} on a table` });
  cases.status("XSS: a prompt with a script is accepted", started, 200);
  const view = await A.get(inst, `/api/fal/images/${uploaded.recordId}`, artist);
  cases.check(
    "XSS: the prompt comes back only as JSON data",
    header(view, "content-type").startsWith("application/json") &&
      (view.json as { prompt?: string }).prompt === `${SCRIPT} on a table`,
    bodyOf(view).slice(0, 120),
  );
  for (const path of [
    `/sandbox/checkout/${encodeURIComponent(SCRIPT)}`,
    `/sandbox/portal/${encodeURIComponent(IMG)}`,
  ]) {
    const page = await A.get(inst, path, artist);
    cases.check(
      `XSS: sandbox page ${path.slice(0, 30)}… does not reflect the id`,
      !bodyOf(page).includes("<script>alert") && !bodyOf(page).includes("onerror=alert"),
      `${page.status}`,
    );
  }
  const spa = await A.get(inst, `/${encodeURIComponent(SCRIPT)}`);
  cases.check(
    "XSS: the page fallback does not reflect the path",
    !bodyOf(spa).includes("alert(1)"),
    `${spa.status}`,
  );
  const apiNotFound = await A.get(inst, `/api/${encodeURIComponent(SCRIPT)}`);
  cases.check(
    "XSS: an unknown API path answers JSON without the path",
    header(apiNotFound, "content-type").startsWith("application/json") &&
      !bodyOf(apiNotFound).includes("alert"),
    bodyOf(apiNotFound),
  );
  // The job of the prompt case ends before the instance stops.
  await A.waitForRecord(inst, artist, uploaded.recordId, 300_000);
}

async function mailboxGate(inst: Instance, cases: Cases) {
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

async function sessions(inst: Instance, cases: Cases) {
  const ada = await A.createUser(inst, "ada");
  const mallory = await A.createUser(inst, "mallory");
  const adaToken = ada.token.split(".")[0] ?? "";
  const revoke = (token: string, auth: Record<string, string>) =>
    request(inst.url, "/api/identity/revoke-session", {
      method: "POST",
      headers: { "content-type": "application/json", ...A.sameOrigin(inst), ...auth },
      body: JSON.stringify({ token }),
    });
  const stillAda = async () =>
    (await A.get(inst, "/api/identity/get-session", ada).then(
      (a) => (a.json as { user?: { id: string } } | null)?.user?.id,
    )) === ada.id;
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
    await revoke(phone.token.split(".")[0] ?? "", { cookie: ada.cookie }),
    200,
  );
  const phoneNow = await A.get(inst, "/api/identity/get-session", phone);
  cases.check("… and that session is gone", phoneNow.json === null, bodyOf(phoneNow).slice(0, 60));

  const signIn = await A.signIn(inst, ada.email);
  const cookie =
    (signIn.status ? (signIn.headers["set-cookie"] ?? []) : []).find((c) =>
      c.includes("session_token"),
    ) ?? "";
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
  const cleared =
    (signedOut.status ? (signedOut.headers["set-cookie"] ?? []) : []).find((c) =>
      c.includes("session_token"),
    ) ?? "";
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

async function redirects(inst: Instance, cases: Cases) {
  const { safeNextPath } = await import("../../apps/web/src/features/auth/next-path.ts");
  const hostile = [
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
  for (const value of hostile) {
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

async function traversal(inst: Instance, cases: Cases) {
  const owner = await A.createUser(inst, "files");
  const other = await A.createUser(inst, "files-other");
  const uploaded = await A.upload(inst, owner, photo("coffee.png"));
  const fileName = new URL(uploaded.url).pathname.split("/").pop() ?? "";
  const [fileId] = fileName.split(".");
  const storageKey = encodeURIComponent(`users/${owner.id}/${uploaded.recordId}/${fileName}`);
  const secrets = /root:x:|SQLite format|"name": ?"backdrop"|BEGIN|auth-secret/;
  const files: [string, string, User | null][] = [
    ["..%2f..%2fbackdrop.db", "/api/files/..%2f..%2fbackdrop.db", owner],
    ["%2e%2e%2f%2e%2e%2fauth-secret", "/api/files/%2e%2e%2f%2e%2e%2fauth-secret", owner],
    ["a NUL before another extension", `/api/files/${fileId}.png%00.jpg`, owner],
    ["the right id with the wrong extension", `/api/files/${fileId}.jpg`, owner],
    ["the upper-case extension", `/api/files/${fileId}.PNG`, owner],
    ["the storage key", `/api/files/${storageKey}`, owner],
    ["another user's file", `/api/files/${fileName}`, other],
    ["an absolute path", "/api/files/%2Fetc%2Fpasswd", owner],
  ];
  for (const [name, path, who] of files) {
    const a = await request(inst.url, path, { headers: A.asCookie(who) });
    cases.check(
      `traversal: /api/files ${name} answers 404 and leaks nothing`,
      a.status === 404 && !secrets.test(bodyOf(a)),
      `${a.status} ${bodyOf(a).slice(0, 60)}`,
    );
  }
  // Unencoded dots are resolved by the server's URL parser: /etc/passwd is then a page route.
  const dots = await request(inst.url, "/api/files/../../../etc/passwd", {
    headers: A.asCookie(owner),
  });
  cases.check(
    "traversal: /api/files/../../../etc/passwd (raw dots) is resolved to a page route or 404, leaking nothing",
    (dots.status === 404 || (dots.status === 200 && bodyOf(dots).startsWith("<!doctype html>"))) &&
      !secrets.test(bodyOf(dots)),
    `${dots.status} ${bodyOf(dots).slice(0, 60)}`,
  );
  const size = await request(inst.url, `/api/files/${fileName}?size=../../x`, {
    headers: A.asCookie(owner),
  });
  cases.status("traversal: ?size=../../x answers 400", size, 400);
  const statics = [
    "/assets/..%2f..%2f..%2fpackage.json",
    "/assets/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "/..%2f..%2f..%2fetc%2fpasswd",
    "/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "/favicon.svg/..%2f..%2f..%2fpackage.json",
    "/assets/..\\..\\..\\package.json",
  ];
  for (const path of statics) {
    const a = await request(inst.url, path);
    cases.check(
      `traversal: static ${path} leaks nothing`,
      a.status !== 0 && !secrets.test(bodyOf(a)),
      `${a.status} ${bodyOf(a).slice(0, 60)}`,
    );
  }
  const own = await request(inst.url, `/api/fal/images/${uploaded.recordId}/events`, {
    headers: A.asCookie(owner),
    readUntil: "event: record",
    timeoutMs: 10_000,
  });
  cases.status("SSE: one's own record streams (200)", own, 200);
  const theirs = await request(inst.url, `/api/fal/images/${uploaded.recordId}/events`, {
    headers: A.asCookie(other),
    timeoutMs: 10_000,
  });
  cases.status("SSE: someone else's record answers 404", theirs, 404);
  cases.status(
    "SSE: a visitor answers 401",
    await request(inst.url, `/api/fal/images/${uploaded.recordId}/events`, { timeoutMs: 10_000 }),
    401,
  );
  cases.status(
    "SSE: an unknown record answers 404",
    await request(inst.url, "/api/fal/images/00000000-0000-0000-0000-000000000000/events", {
      headers: A.asCookie(owner),
      timeoutMs: 10_000,
    }),
    404,
  );
}

export async function webSecurity(inst: Instance, cases: Cases): Promise<void> {
  const { user, uploaded, portalId } = await csrf(inst, cases);
  await headers(inst, cases, user, uploaded, portalId);
  await xss(inst, cases);
  await mailboxGate(inst, cases);
  await sessions(inst, cases);
  await redirects(inst, cases);
  await traversal(inst, cases);
}

/** Wrong sign-ins and contact messages with a client-chosen left part of X-Forwarded-For. */
async function spoofedLimits(inst: Instance, cases: Cases, trustProxy: number) {
  const victim = await A.createUser(inst, "limits");
  const random = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
  const spoof = (fixed: string) => ({ "x-forwarded-for": `${random()}, ${fixed}` });
  // TRUST_PROXY=0 keys by the socket: each group comes from a loopback address of its own.
  const signIns = [];
  for (let i = 0; i < 15; i++) {
    signIns.push(
      (await A.signIn(inst, victim.email, "Wr0ng!pass", spoof("203.0.113.7"), "127.0.0.21")).status,
    );
  }
  const firstLimited = signIns.indexOf(429) + 1;
  cases.check(
    `TRUST_PROXY=${trustProxy}: spoofed X-Forwarded-For cannot escape the sign-in limit (10/60)`,
    signIns.slice(0, 10).every((s) => s === 401) && signIns.slice(10).every((s) => s === 429),
    `statuses ${signIns.join(",")} (first 429 at ${firstLimited})`,
  );
  const contacts = [];
  for (let i = 0; i < 8; i++) {
    contacts.push(
      (
        await A.postJson(
          inst,
          "/api/email/contact",
          { name: "n", email: "e@review.example", subject: "s", message: "m" },
          null,
          spoof("203.0.113.8"),
          "127.0.0.22",
        )
      ).status,
    );
  }
  cases.check(
    `TRUST_PROXY=${trustProxy}: spoofed X-Forwarded-For cannot escape the contact limit (5/600)`,
    contacts.slice(0, 5).every((s) => s === 200) && contacts.slice(5).every((s) => s === 429),
    contacts.join(","),
  );
  const reports = [];
  for (let i = 0; i < 7; i++) {
    reports.push(
      (
        await A.postJson(
          inst,
          "/api/email/report",
          { issueType: "Other", description: "d" },
          null,
          spoof("203.0.113.9"),
          "127.0.0.23",
        )
      ).status,
    );
  }
  cases.check(
    `TRUST_PROXY=${trustProxy}: the report limit (5/600) holds too`,
    reports.slice(0, 5).every((s) => s === 200) && reports.slice(5).every((s) => s === 429),
    reports.join(","),
  );
  const lookups = [];
  for (let i = 0; i < 12; i++) {
    lookups.push(
      (
        await request(
          inst.url,
          `/api/auth/get-user-by-email?email=${encodeURIComponent(victim.email)}`,
          { headers: spoof("203.0.113.10"), localAddress: "127.0.0.24" },
        )
      ).status,
    );
  }
  cases.check(
    `TRUST_PROXY=${trustProxy}: the e-mail look-up limit (10/60) holds too`,
    lookups.slice(0, 10).every((s) => s === 200) && lookups.slice(10).every((s) => s === 429),
    lookups.join(","),
  );
  const signUps = [];
  for (let i = 0; i < 12; i++) {
    signUps.push(
      (
        await A.signUp(
          inst,
          { name: "s", email: A.uniqueEmail("spam"), password: A.PASSWORD },
          spoof("203.0.113.11"),
          "127.0.0.25",
        )
      ).status,
    );
  }
  cases.check(
    `TRUST_PROXY=${trustProxy}: the sign-up limit (10/60) holds too`,
    signUps.slice(0, 10).every((s) => s === 200) && signUps.slice(10).every((s) => s === 429),
    signUps.join(","),
  );
  const resets = [];
  for (let i = 0; i < 12; i++) {
    resets.push(
      (
        await A.postJson(
          inst,
          "/api/identity/request-password-reset",
          { email: victim.email, redirectTo: "/reset-password" },
          null,
          spoof("203.0.113.12"),
          "127.0.0.26",
        )
      ).status,
    );
  }
  cases.check(
    `TRUST_PROXY=${trustProxy}: the reset-mail limit (10/60) holds too`,
    resets.slice(0, 10).every((s) => s === 200) && resets.slice(10).every((s) => s === 429),
    resets.join(","),
  );
  const limitedRetry = await A.signIn(
    inst,
    victim.email,
    "Wr0ng!pass",
    spoof("203.0.113.7"),
    "127.0.0.21",
  );
  cases.check(
    `TRUST_PROXY=${trustProxy}: a limited sign-in carries Retry-After`,
    limitedRetry.status === 429 &&
      header(limitedRetry, "x-retry-after") + header(limitedRetry, "retry-after") !== "",
    `${limitedRetry.status} ${header(limitedRetry, "retry-after")}${header(limitedRetry, "x-retry-after")}`,
  );
}

export function webSecurityVariants(): Plan[] {
  const variant = (
    label: string,
    options: InstanceOptions,
    body: (inst: Instance, cases: Cases) => Promise<void>,
  ): Plan => ({
    category: "websec",
    label,
    run: (cases) => withInstance(options, (inst) => body(inst, cases)),
  });
  const limits = { AUTH_RATE_LIMIT: "10/60", SUPPORT_RATE_LIMIT: "5/600" };
  return [
    variant(
      "TRUST_PROXY=1 (AUTH_RATE_LIMIT=10/60, SUPPORT_RATE_LIMIT=5/600)",
      { label: "proxy1", env: { TRUST_PROXY: "1", ...limits } },
      async (inst, cases) => {
        await spoofedLimits(inst, cases, 1);
        // The key is the address our proxy saw: a different right-most entry is another client.
        const other = await A.signIn(
          inst,
          "nobody@review.example",
          "Wr0ng!pass",
          { "x-forwarded-for": "198.51.100.1, 203.0.113.99" },
          "127.0.0.21",
        );
        cases.status("TRUST_PROXY=1: another client behind the proxy is not limited", other, 401);
        const joined = await request(inst.url, "/api/identity/sign-in/email", {
          method: "POST",
          localAddress: "127.0.0.27",
          headers: {
            "content-type": "application/json",
            origin: inst.url,
            "x-forwarded-for": ["198.51.100.3", "203.0.113.7"],
          },
          body: JSON.stringify({ email: "nobody@review.example", password: "Wr0ng!pass" }),
        });
        cases.status(
          "TRUST_PROXY=1: two X-Forwarded-For headers read as one list (right-most is limited)",
          joined,
          429,
        );
        const trailing = await A.signIn(
          inst,
          "nobody@review.example",
          "Wr0ng!pass",
          { "x-forwarded-for": "203.0.113.7, " },
          "127.0.0.28",
        );
        cases.status(
          "TRUST_PROXY=1: an empty trailing entry is dropped (still limited)",
          trailing,
          429,
        );
        const mailbox = await request(inst.url, "/api/dev/mailbox", {
          headers: { "x-forwarded-for": "127.0.0.1" },
        });
        cases.status("TRUST_PROXY=1: the dev mailbox still refuses proxied requests", mailbox, 404);
      },
    ),
    variant(
      "TRUST_PROXY=0 (AUTH_RATE_LIMIT=10/60, SUPPORT_RATE_LIMIT=5/600)",
      { label: "proxy0", env: { TRUST_PROXY: "0", ...limits } },
      async (inst, cases) => {
        await spoofedLimits(inst, cases, 0);
        const changed = await A.signIn(
          inst,
          "nobody@review.example",
          "Wr0ng!pass",
          { "x-forwarded-for": "203.0.113.99" },
          "127.0.0.21",
        );
        cases.status(
          "TRUST_PROXY=0: a new X-Forwarded-For from a limited socket is still limited",
          changed,
          429,
        );
        const fresh = await A.signIn(inst, "nobody@review.example", "Wr0ng!pass", {}, "127.0.0.29");
        cases.status("TRUST_PROXY=0: another socket address is another client", fresh, 401);
      },
    ),
    variant(
      "DEV_MAILBOX=open",
      { label: "mailbox-open", env: { DEV_MAILBOX: "open" } },
      async (inst, cases) => {
        for (const [name, headers] of [
          ["with X-Forwarded-For", { "x-forwarded-for": "203.0.113.5" }],
          ["with Forwarded", { forwarded: "for=203.0.113.5" }],
          ["with a foreign Host", { host: "evil.example" }],
          ["plain loopback", {}],
        ] as const) {
          cases.status(
            `DEV_MAILBOX=open: mailbox answers ${name}`,
            await request(inst.url, "/api/dev/mailbox", { headers }),
            200,
          );
        }
        cases.check(
          "DEV_MAILBOX=open: the start-up log warns who can read it",
          inst.serverLogs().includes("Dev mailbox open (DEV_MAILBOX=open)"),
          "",
        );
      },
    ),
    variant(
      "NODE_ENV=production (ALLOW_SANDBOX=1)",
      {
        label: "production",
        env: {
          NODE_ENV: "production",
          ALLOW_SANDBOX: "1",
          BETTER_AUTH_SECRET: "review-secret-review-secret-review-secret-0123",
        },
      },
      async (inst, cases) => {
        cases.status(
          "production: the dev mailbox answers 404 even from loopback",
          await request(inst.url, "/api/dev/mailbox"),
          404,
        );
        const email = A.uniqueEmail("prod");
        await A.signUp(inst, { name: "Prod", email, password: A.PASSWORD });
        const [mail] = await query(inst, "select text_body from mail_outbox where to_address = ?", [
          email,
        ]);
        const link = /https?:\/\/\S+verify-email\S+/.exec(String(mail?.text_body ?? ""))?.[0] ?? "";
        const verified = await request(
          inst.url,
          new URL(link || `${inst.url}/none`).pathname + new URL(link || `${inst.url}/none`).search,
        );
        cases.status("production: verification link from the outbox table works", verified, 302);
        const signedIn = await A.signIn(inst, email);
        const cookie =
          (signedIn.status ? (signedIn.headers["set-cookie"] ?? []) : []).find((c) =>
            c.includes("session_token"),
          ) ?? "";
        cases.check(
          "production: session cookie is __Secure- prefixed",
          cookie.startsWith("__Secure-backdrop.session_token="),
          cookie,
        );
        cases.check("production: session cookie is Secure", /;\s*Secure/i.test(cookie), cookie);
        cases.check(
          "production: session cookie is HttpOnly and SameSite=Lax",
          /;\s*HttpOnly/i.test(cookie) && /;\s*SameSite=Lax/i.test(cookie),
          cookie,
        );
        const page = await A.get(inst, "/");
        cases.check(
          "production: pages carry the CSP and frame-ancestors 'none'",
          header(page, "content-security-policy").includes("frame-ancestors 'none'"),
          header(page, "content-security-policy"),
        );
        cases.check(
          "production: HSTS is sent",
          header(page, "strict-transport-security").includes("max-age="),
          header(page, "strict-transport-security"),
        );
      },
    ),
    variant(
      "SMTP_URL set (closed port)",
      { label: "smtp", env: { SMTP_URL: "smtp://127.0.0.1:2599" } },
      async (inst, cases) => {
        cases.status(
          "SMTP_URL set: the dev mailbox is not mounted (404)",
          await request(inst.url, "/api/dev/mailbox"),
          404,
        );
        const signUp = await A.signUp(inst, {
          name: "x",
          email: A.uniqueEmail("smtp"),
          password: A.PASSWORD,
        });
        cases.status(
          "SMTP_URL set: sign-up answers 200 although the mail could not be sent (documented)",
          signUp,
          200,
        );
        cases.status(
          "SMTP_URL set: the server keeps serving",
          await request(inst.url, "/api/health"),
          200,
        );
      },
    ),
  ];
}
