/** Instances configured otherwise: TRUST_PROXY, DEV_MAILBOX=open, production, SMTP_URL. */
import * as A from "../lib/actors.ts";
import { query } from "../lib/db.ts";
import { header, request } from "../lib/http.ts";
import type { Instance, InstanceOptions } from "../lib/instance.ts";
import { onInstance, type Plan, type Probe } from "../lib/plan.ts";
import type { Cases } from "../lib/report.ts";
import { spoofedLimits } from "./limits.ts";

const variant = (label: string, options: InstanceOptions, probe: Probe): Plan =>
  onInstance("websec", label, options, probe);

/** A wrong sign-in of nobody, from `localAddress`. */
const wrongSignIn = (inst: Instance, headers: Record<string, string>, localAddress: string) =>
  A.signIn(inst, "nobody@review.example", "Wr0ng!pass", headers, localAddress);

async function trustProxyOne(inst: Instance, cases: Cases) {
  await spoofedLimits(inst, cases, 1);
  // The key is the address our proxy saw: a different right-most entry is another client.
  const other = await wrongSignIn(
    inst,
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
  const trailing = await wrongSignIn(inst, { "x-forwarded-for": "203.0.113.7, " }, "127.0.0.28");
  cases.status("TRUST_PROXY=1: an empty trailing entry is dropped (still limited)", trailing, 429);
  const mailbox = await request(inst.url, "/api/dev/mailbox", {
    headers: { "x-forwarded-for": "127.0.0.1" },
  });
  cases.status("TRUST_PROXY=1: the dev mailbox still refuses proxied requests", mailbox, 404);
}

async function trustProxyZero(inst: Instance, cases: Cases) {
  await spoofedLimits(inst, cases, 0);
  const changed = await wrongSignIn(inst, { "x-forwarded-for": "203.0.113.99" }, "127.0.0.21");
  cases.status(
    "TRUST_PROXY=0: a new X-Forwarded-For from a limited socket is still limited",
    changed,
    429,
  );
  const fresh = await wrongSignIn(inst, {}, "127.0.0.29");
  cases.status("TRUST_PROXY=0: another socket address is another client", fresh, 401);
}

async function mailboxOpen(inst: Instance, cases: Cases) {
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
}

async function production(inst: Instance, cases: Cases) {
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
  const target = new URL(link || `${inst.url}/none`);
  const verified = await request(inst.url, target.pathname + target.search);
  cases.status("production: verification link from the outbox table works", verified, 302);
  const cookie = A.sessionCookie(await A.signIn(inst, email));
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
}

async function smtp(inst: Instance, cases: Cases) {
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
}

export function webSecurityVariants(): Plan[] {
  const limits = { AUTH_RATE_LIMIT: "10/60", SUPPORT_RATE_LIMIT: "5/600" };
  return [
    variant(
      "TRUST_PROXY=1 (AUTH_RATE_LIMIT=10/60, SUPPORT_RATE_LIMIT=5/600)",
      { label: "proxy1", env: { TRUST_PROXY: "1", ...limits } },
      trustProxyOne,
    ),
    variant(
      "TRUST_PROXY=0 (AUTH_RATE_LIMIT=10/60, SUPPORT_RATE_LIMIT=5/600)",
      { label: "proxy0", env: { TRUST_PROXY: "0", ...limits } },
      trustProxyZero,
    ),
    variant(
      "DEV_MAILBOX=open",
      { label: "mailbox-open", env: { DEV_MAILBOX: "open" } },
      mailboxOpen,
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
      production,
    ),
    variant(
      "SMTP_URL set (closed port)",
      { label: "smtp", env: { SMTP_URL: "smtp://127.0.0.1:2599" } },
      smtp,
    ),
  ];
}
