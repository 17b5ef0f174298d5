/**
 * Bodies: every /api route has a body limit (64 KB for JSON; uploads 10 MB + 64 KiB), and an
 * over-limit body answers 413 with JSON `{ error }` before it is read in full, whether it says
 * its length or comes chunked. Sign-up and update-user refuse a name over 100 characters and
 * an image that is not an http(s) URL of at most 2,048 characters.
 */
import type { User } from "../lib/actors.ts";
import * as A from "../lib/actors.ts";
import { query } from "../lib/db.ts";
import { errorOf, got } from "../lib/http.ts";
import type { Instance } from "../lib/instance.ts";
import type { Cases } from "../lib/report.ts";
import { endlessBody } from "../lib/streams.ts";

const KB = 1024;
const JSON_LIMIT = 64 * KB;
const UPLOAD_LIMIT = 10 * KB * KB + 64 * KB;
const ZERO_ID = "00000000-0000-0000-0000-000000000000";

type Limited = { method: string; path: string; type: string; limit: number };

const json = (path: string, method = "POST"): Limited => ({
  method,
  path,
  type: "application/json",
  limit: JSON_LIMIT,
});

/** Every /api route that takes a body, with its limit (the Stripe webhook keeps its own). */
const LIMITED: Limited[] = [
  json("/api/fal/process"),
  json("/api/fal/upscale"),
  json("/api/fal/edit-gemini"),
  json("/api/fal/scene-preview"),
  json(`/api/fal/images/${ZERO_ID}/choose`),
  json("/api/images/archive"),
  json("/api/auth/save-user"),
  json("/api/payment/create-subscription"),
  json("/api/payment/create-checkout-session"),
  json("/api/payment/update-subscription"),
  json("/api/payment/cancel-subscription"),
  json("/api/payment/create-portal-session"),
  json("/api/email/contact"),
  json("/api/email/report"),
  json("/api/identity/sign-up/email"),
  json("/api/identity/sign-in/email"),
  json("/api/identity/update-user"),
  json("/api/account", "DELETE"),
  {
    method: "POST",
    path: "/api/fal/upload",
    type: "multipart/form-data; boundary=----review",
    limit: UPLOAD_LIMIT,
  },
];

/** How a body goes past the limit: announced by Content-Length, or chunked without one. */
const WAYS: {
  name: string;
  body: (limit: number) => { declaredBytes?: number; sendBytes: number };
}[] = [
  // Four times the limit announced, 4 KB of it sent: only the head can tell. Little is sent,
  // so a server that closes after its answer leaves little unread (which resets the socket).
  {
    name: "with Content-Length",
    body: (limit) => ({ declaredBytes: limit * 4, sendBytes: 4 * KB }),
  },
  // Chunked: the limit passed by 16 KB, and the body never ends.
  { name: "chunked, no Content-Length", body: (limit) => ({ sendBytes: limit + 16 * KB }) },
];

async function overLimit(inst: Instance, cases: Cases, user: User) {
  for (const route of LIMITED) {
    for (const way of WAYS) {
      const answer = await endlessBody(inst.url, route.path, {
        method: route.method,
        headers: { "content-type": route.type, origin: inst.url, cookie: user.cookie },
        ...way.body(route.limit),
        waitMs: 15_000,
      });
      const error = errorOf(answer);
      cases.check(
        `bodies: ${route.method} ${route.path.replace(ZERO_ID, ":id")} over ${route.limit / KB} KB ${way.name} answers 413 { error } before the body ends`,
        answer.status === 413 && error !== "" && typeof error === "string",
        got(answer, 120),
      );
    }
  }
  const archive = await A.postJson(
    inst,
    "/api/images/archive",
    { ids: Array.from({ length: 20_000 }, () => ZERO_ID) },
    user,
  );
  cases.check(
    "bodies: POST /api/images/archive with a 1 MB body answers 413 { error }",
    archive.status === 413 && errorOf(archive) !== "",
    got(archive, 120),
  );
}

const LONG_NAME = "N".repeat(101);
const NAME_100 = "N".repeat(100);
const URL_2048 = `https://images.review.example/${"a".repeat(2048 - 30)}`;
const URL_2049 = `${URL_2048}a`;

/** Names and images sign-up and update-user take (true) or refuse with 400 (false). */
const PROFILE_FIELDS: [string, Record<string, string>, boolean][] = [
  ["a name of 101 characters", { name: LONG_NAME }, false],
  ["a name of 100 characters", { name: NAME_100 }, true],
  ["image javascript:alert(1)", { image: "javascript:alert(1)" }, false],
  ["image data:image/png;base64,…", { image: "data:image/png;base64,iVBORw0KGgo=" }, false],
  ["image ftp://…", { image: "ftp://images.review.example/p.png" }, false],
  ["image not a URL", { image: "<img src=x onerror=alert(1)>" }, false],
  ["image an https URL of 2,049 characters", { image: URL_2049 }, false],
  ["image an https URL of 2,048 characters", { image: URL_2048 }, true],
  ["image an http URL", { image: "http://images.review.example/p.png" }, true],
];

async function profileFields(inst: Instance, cases: Cases) {
  for (const [what, fields, taken] of PROFILE_FIELDS) {
    const email = A.uniqueEmail("fields");
    const answer = await A.signUp(inst, {
      name: "Fields",
      email,
      password: A.PASSWORD,
      ...fields,
    });
    const [row] = await query(inst, `select id from "user" where email = ?`, [email]);
    cases.check(
      `sign-up with ${what} ${taken ? "is taken (200)" : "is refused (400), no account made"}`,
      taken ? answer.status === 200 : answer.status === 400 && row === undefined,
      `${got(answer, 120)}${row ? " (account made)" : ""}`,
    );
  }
  const user = await A.createUser(inst, "update-fields", "Before");
  for (const [what, fields, taken] of PROFILE_FIELDS) {
    const before = await query(inst, `select name, image from "user" where id = ?`, [user.id]);
    const answer = await A.postJson(inst, "/api/identity/update-user", fields, user);
    const after = await query(inst, `select name, image from "user" where id = ?`, [user.id]);
    const unchanged = JSON.stringify(before) === JSON.stringify(after);
    cases.check(
      `update-user with ${what} ${taken ? "is taken (200)" : "is refused (400), nothing changed"}`,
      taken ? answer.status === 200 : answer.status === 400 && unchanged,
      `${got(answer, 120)}${taken || unchanged ? "" : ` (changed to ${JSON.stringify(after).slice(0, 80)})`}`,
    );
  }
}

export async function bodies(inst: Instance, cases: Cases) {
  const user = await A.subscriber(inst, "bodies", "pro");
  await overLimit(inst, cases, user);
  await profileFields(inst, cases);
}
