/**
 * Category 5: CSRF, security headers, XSS in JSON, HTML and mails, rate limits behind proxies
 * (TRUST_PROXY), the dev mailbox's gate, revoke-session, cookie flags, open redirects, path
 * traversal on /api/files and the static files, live streams of other users' records, body
 * limits on every route and the profile fields sign-up and update-user take.
 */
import type { Instance } from "../lib/instance.ts";
import type { Cases } from "../lib/report.ts";
import { bodies } from "./bodies.ts";
import { csrf } from "./csrf.ts";
import { headers } from "./headers.ts";
import { redirects } from "./redirects.ts";
import { mailboxGate, sessions } from "./sessions.ts";
import { traversal } from "./traversal.ts";
import { xss } from "./xss.ts";

export { webSecurityVariants } from "./variants.ts";

export async function webSecurity(inst: Instance, cases: Cases): Promise<void> {
  const { user, uploaded, portalId } = await csrf(inst, cases);
  await headers(inst, cases, user, uploaded, portalId);
  await xss(inst, cases);
  await mailboxGate(inst, cases);
  await sessions(inst, cases);
  await redirects(inst, cases);
  await traversal(inst, cases);
  await bodies(inst, cases);
}
