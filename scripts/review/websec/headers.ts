/** Security and caching headers on pages, assets, API answers, stored files and sandbox pages. */
import type { User } from "../lib/actors.ts";
import * as A from "../lib/actors.ts";
import { type Answer, bodyOf, header, type NoAnswer } from "../lib/http.ts";
import type { Instance } from "../lib/instance.ts";
import { packCheckout, sessionIdOf } from "../lib/payments.ts";
import type { Cases } from "../lib/report.ts";

/** The headers every answer carries, whatever it is. */
function securityHeaders(cases: Cases, name: string, a: Answer | NoAnswer) {
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
  const exactly: [string, string, string][] = [
    ["X-Content-Type-Options nosniff", "x-content-type-options", "nosniff"],
    ["COOP same-origin-allow-popups", "cross-origin-opener-policy", "same-origin-allow-popups"],
    ["Referrer-Policy no-referrer", "referrer-policy", "no-referrer"],
    ["no X-Powered-By", "x-powered-by", ""],
  ];
  for (const [what, headerName, want] of exactly) {
    cases.check(`headers: ${name}: ${what}`, header(a, headerName) === want, header(a, headerName));
  }
}

export async function headers(
  inst: Instance,
  cases: Cases,
  user: User,
  uploaded: A.Uploaded,
  portalId: string,
) {
  const index = await A.get(inst, "/");
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(bodyOf(index))?.[1] ?? "/assets/missing.js";
  // A pack checkout of the user as well; its answer is not checked.
  await packCheckout(inst, user, { tokenCount: 100, amount: 9 });
  const elite = await A.subscriber(inst, "headers-elite", "elite");
  const packId = sessionIdOf(await packCheckout(inst, elite, { tokenCount: 100, amount: 9 }));
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
    securityHeaders(cases, name, a);
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
