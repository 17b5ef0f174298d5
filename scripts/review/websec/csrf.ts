/** CSRF: every state-changing route refuses foreign origins; CORS grants nothing to them. */
import type { User } from "../lib/actors.ts";
import * as A from "../lib/actors.ts";
import { paidJobCount } from "../lib/db.ts";
import { bodyOf, header, request } from "../lib/http.ts";
import { photo } from "../lib/images.ts";
import type { Instance } from "../lib/instance.ts";
import { portalIdOf } from "../lib/payments.ts";
import type { Cases } from "../lib/report.ts";
import { EVIL } from "./common.ts";

/** A user with a subscription, an uploaded record, a checkout and a portal: the CSRF targets. */
async function targets(inst: Instance) {
  const user = await A.subscriber(inst, "csrf", "pro");
  const uploaded = await A.upload(inst, user, photo("coffee.png"));
  const portalId = await portalIdOf(inst, user);
  return { user, uploaded, portalId };
}

type Target = { name: string; path: string; body: unknown; form?: boolean };

function stateChanging(user: User, uploaded: A.Uploaded, portalId: string): Target[] {
  const json = (name: string, path: string, body: unknown): Target => ({ name, path, body });
  const portal = (action: string, body = ""): Target => ({
    name: `sandbox portal ${action}`,
    path: `/sandbox/portal/${portalId}/${action}`,
    body,
    form: true,
  });
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
    json(
      "fal/upscale",
      "/api/fal/upscale",
      A.upscaleBody(uploaded.url, uploaded.recordId, user.id),
    ),
    json(
      "fal/edit-gemini",
      "/api/fal/edit-gemini",
      A.editBody(uploaded.url, uploaded.recordId, user.id, "warmer"),
    ),
    json("fal/choose", `/api/fal/images/${uploaded.recordId}/choose`, { index: 0 }),
    json("images/archive", "/api/images/archive", { ids: [uploaded.recordId] }),
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
    portal("cancel"),
    portal("change-plan", "planId=elite"),
    portal("end-period"),
  ];
}

function send(inst: Instance, target: Target, user: User, origin: string | undefined) {
  return request(inst.url, target.path, {
    method: "POST",
    headers: {
      "content-type": target.form ? "application/x-www-form-urlencoded" : "application/json",
      cookie: user.cookie,
      origin,
    },
    body: target.form ? String(target.body) : JSON.stringify(target.body),
  });
}

export async function csrf(inst: Instance, cases: Cases) {
  const { user, uploaded, portalId } = await targets(inst);
  const port = new URL(inst.url).port;
  const foreign: [string, string][] = [
    ["a foreign Origin", EVIL],
    ["Origin: null", "null"],
    ["a look-alike Origin", `http://127.0.0.1:${port}.evil.example`],
    ["the same host on another port", `http://127.0.0.1:${Number(port) + 1}`],
  ];
  const account = () => A.get(inst, `/api/auth/get-user-by-uid?uid=${user.id}`, user);
  const before = await account();
  for (const target of stateChanging(user, uploaded, portalId)) {
    for (const [what, origin] of foreign) {
      const answer = await send(inst, target, user, origin);
      cases.status(`CSRF: ${target.name} from ${what} is refused (403)`, answer, 403);
    }
  }
  const after = await account();
  cases.check(
    "CSRF: the refused requests changed nothing on the account",
    bodyOf(before) === bodyOf(after),
    `${bodyOf(before)} → ${bodyOf(after)}`,
  );
  cases.status(
    "CSRF: the session survived the refused sign-out and revoke-sessions",
    await account(),
    200,
  );
  // The upload's own free cut-out job is not one a request started.
  const jobs = await paidJobCount(inst, user.id);
  cases.check("CSRF: no paid job was started by a refused request", jobs === 0, `${jobs} jobs`);

  // Without Origin: identity endpoints (better-auth) refuse a cookie-carrying request; product
  // endpoints let it through by design (docs: non-browser clients; browsers always send Origin
  // on POST, and the SameSite=Lax cookie is not sent on cross-site POSTs).
  const noOrigin = stateChanging(user, uploaded, portalId);
  const named = (name: string) => noOrigin.find((t) => t.name === name) as Target;
  cases.status(
    "no Origin: identity update-user with a cookie is refused (403)",
    await send(inst, named("identity update-user"), user, undefined),
    403,
  );
  cases.status(
    "no Origin: identity sign-out with a cookie is refused (403)",
    await send(inst, named("identity sign-out"), user, undefined),
    403,
  );
  const saveUser = named("save-user");
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
