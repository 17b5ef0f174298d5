/**
 * Category 1: every route × {visitor, unverified user, verified free user, another user acting on
 * the owner's uid or ids, the owner}: the status the spec and docs/decisions.md give.
 */

import type { User } from "./lib/actors.ts";
import * as A from "./lib/actors.ts";
import { balances } from "./lib/db.ts";
import { type Answer, cookiesOf, errorOf, type NoAnswer, request } from "./lib/http.ts";
import { photo } from "./lib/images.ts";
import type { Instance } from "./lib/instance.ts";
import type { Cases } from "./lib/report.ts";

type Caller = "visitor" | "unverified" | "free" | "other" | "owner";
const CALLERS: Caller[] = ["visitor", "unverified", "free", "other", "owner"];

type World = {
  inst: Instance;
  owner: User;
  other: User;
  free: User;
  unverified: User;
  /** The owner's record with a finished generation, and one only uploaded. */
  done: A.Uploaded & { processedUrl: string };
  fresh: A.Uploaded;
  /** The owner's upload that the owner's edit case changes. */
  editable: A.Uploaded;
  freeRecord: A.Uploaded;
  subscriptionSession: string;
  portalId: string;
  /** A second session of the owner, revoked by the owner's own revoke-session case. */
  ownerPhoneToken: string;
};

type Expect = number | number[];
type Row = {
  name: string;
  expect: Partial<Record<Caller, Expect>>;
  call: (caller: Caller, user: User | null, w: World) => Promise<Answer | NoAnswer>;
  /** Extra check on the answer; a string is the failure. */
  verify?: (
    answer: Answer | NoAnswer,
    caller: Caller,
    w: World,
  ) => Promise<true | string> | true | string;
};

const rawToken = (user: User) => user.token.split(".")[0] ?? "";
const path = (url: string) => new URL(url).pathname;

function userOf(caller: Caller, w: World): User | null {
  return { visitor: null, unverified: w.unverified, free: w.free, other: w.other, owner: w.owner }[
    caller
  ];
}

/** The uid a caller sends: its own, except "other", who sends the owner's (and visitors too). */
function uidFor(caller: Caller, w: World): string {
  if (caller === "free") return w.free.id;
  if (caller === "unverified") return w.unverified.id;
  return w.owner.id;
}

/** The record a caller names: the free user its own; everyone else the owner's. */
function recordFor(caller: Caller, w: World): A.Uploaded {
  return caller === "free" ? w.freeRecord : w.done;
}

const post = (w: World, path: string, body: unknown, user: User | null) =>
  A.postJson(w.inst, path, body, user);
/** Edits answer when their job ends: minutes on a busy machine. */
const postSlow = (w: World, path: string, body: unknown, user: User | null) =>
  request(w.inst.url, path, {
    method: "POST",
    headers: { "content-type": "application/json", ...A.sameOrigin(w.inst), ...A.asCookie(user) },
    body: JSON.stringify(body),
    timeoutMs: 300_000,
  });
const form = (w: World, path: string, body: string, user: User | null) =>
  A.postForm(w.inst, path, body, user);
const sse = (w: World, path: string, user: User | null) =>
  request(w.inst.url, path, {
    headers: { ...A.asCookie(user), accept: "text/event-stream" },
    readUntil: "event: record",
    timeoutMs: 15_000,
  });

const ALL_401 = { visitor: 401, unverified: 401 } as const;

function rows(): Row[] {
  return [
    {
      name: "GET /api/auth/get-user-by-uid",
      expect: { ...ALL_401, free: 200, other: 403, owner: 200 },
      call: (c, u, w) => A.get(w.inst, `/api/auth/get-user-by-uid?uid=${uidFor(c, w)}`, u),
    },
    {
      name: "GET /api/auth/get-user-by-uid (bearer)",
      expect: { other: 403, owner: 200 },
      call: (c, u, w) =>
        request(w.inst.url, `/api/auth/get-user-by-uid?uid=${uidFor(c, w)}`, {
          headers: A.asBearer(u as User),
        }),
    },
    {
      name: "GET /api/auth/get-user-tokens",
      expect: { ...ALL_401, free: 200, other: 403, owner: 200 },
      call: (c, u, w) => A.get(w.inst, `/api/auth/get-user-tokens?uid=${uidFor(c, w)}`, u),
    },
    {
      name: "POST /api/auth/save-user",
      expect: { ...ALL_401, free: 200, other: 403, owner: 200 },
      call: (c, u, w) => {
        const target = c === "free" ? w.free : c === "unverified" ? w.unverified : w.owner;
        return post(
          w,
          "/api/auth/save-user",
          { uid: target.id, email: target.email, name: target.name, provider: "email" },
          u,
        );
      },
    },
    {
      name: "GET /api/auth/get-user-by-email (public by spec)",
      expect: { visitor: 200, unverified: 200, free: 200, other: 200, owner: 200 },
      call: (_c, u, w) =>
        A.get(w.inst, `/api/auth/get-user-by-email?email=${encodeURIComponent(w.owner.email)}`, u),
    },
    {
      name: "GET /api/images/:uid",
      expect: { ...ALL_401, free: 200, other: 403, owner: 200 },
      call: (c, u, w) => A.get(w.inst, `/api/images/${uidFor(c, w)}`, u),
      verify: (a, c, w) => {
        if (c !== "owner" || a.status !== 200) return true;
        const list = a.json as { _id: string }[];
        return list.some((r) => r._id === w.done.recordId)
          ? true
          : "owner's gallery lacks the record";
      },
    },
    {
      name: "GET /api/fal/images/:recordId",
      expect: { ...ALL_401, free: 200, other: 404, owner: 200 },
      call: (c, u, w) => A.get(w.inst, `/api/fal/images/${recordFor(c, w).recordId}`, u),
    },
    {
      name: "GET /api/fal/images/:recordId (bearer)",
      expect: { other: 404, owner: 200 },
      call: (_c, u, w) =>
        request(w.inst.url, `/api/fal/images/${w.done.recordId}`, {
          headers: A.asBearer(u as User),
        }),
    },
    {
      name: "GET /api/fal/images/:recordId/events",
      expect: { ...ALL_401, free: 200, other: 404, owner: 200 },
      call: (c, u, w) => sse(w, `/api/fal/images/${recordFor(c, w).recordId}/events`, u),
      verify: (a) =>
        a.status !== 200 || String(a.headers["content-type"]).includes("text/event-stream")
          ? true
          : `content-type ${a.headers["content-type"]}`,
    },
    {
      name: "GET /api/files/:original",
      expect: { ...ALL_401, free: 200, other: 404, owner: 200 },
      call: (c, u, w) => A.get(w.inst, path(recordFor(c, w).url), u),
    },
    {
      name: "GET /api/files/:original?size=thumb",
      expect: { ...ALL_401, free: 200, other: 404, owner: 200 },
      call: (c, u, w) => A.get(w.inst, `${path(recordFor(c, w).url)}?size=thumb`, u),
    },
    {
      name: "GET /api/files/:processed (owner's result)",
      expect: { ...ALL_401, free: 404, other: 404, owner: 200 },
      call: (_c, u, w) => A.get(w.inst, path(w.done.processedUrl), u),
    },
    {
      name: "POST /api/fal/upload",
      expect: { ...ALL_401, free: 200, other: 403, owner: 200 },
      call: (c, u, w) => A.postUpload(w.inst, u, photo("coffee.png"), { userUid: uidFor(c, w) }),
    },
    {
      name: "POST /api/fal/process",
      expect: { ...ALL_401, free: 403, other: 403, owner: 200 },
      call: (c, u, w) => {
        const target = c === "free" ? w.freeRecord : w.fresh;
        return post(
          w,
          "/api/fal/process",
          { ...A.processBody(w.owner, target), userUid: uidFor(c, w) },
          u,
        );
      },
      verify: (a, c) =>
        c !== "free" || errorOf(a) === "Please subscribe to a plan to generate images."
          ? true
          : `message ${errorOf(a)}`,
    },
    {
      name: "POST /api/fal/process on the owner's record with one's own uid",
      expect: { free: 404, other: 404 },
      call: (_c, u, w) => post(w, "/api/fal/process", { ...A.processBody(u as User, w.fresh) }, u),
    },
    {
      name: "POST /api/fal/upscale",
      expect: { ...ALL_401, free: 403, other: 403, owner: 200 },
      call: (c, u, w) => {
        const [url, recordId] =
          c === "free"
            ? [w.freeRecord.url, w.freeRecord.recordId]
            : [w.done.processedUrl, w.done.recordId];
        return post(
          w,
          "/api/fal/upscale",
          { imageUrl: url, options: {}, savedRecordId: recordId, userUid: uidFor(c, w) },
          u,
        );
      },
    },
    {
      name: "POST /api/fal/upscale on the owner's record with one's own uid",
      expect: { free: 404, other: 404 },
      call: (_c, u, w) =>
        post(
          w,
          "/api/fal/upscale",
          {
            imageUrl: w.done.processedUrl,
            options: {},
            savedRecordId: w.done.recordId,
            userUid: (u as User).id,
          },
          u,
        ),
    },
    {
      name: "POST /api/fal/edit-gemini",
      expect: { ...ALL_401, free: 403, other: 403, owner: 200 },
      call: (c, u, w) => {
        const target = c === "free" ? w.freeRecord : w.editable;
        return postSlow(
          w,
          "/api/fal/edit-gemini",
          {
            imageUrl: target.url,
            prompt: "make it warmer",
            imageRecordId: target.recordId,
            userUid: uidFor(c, w),
          },
          u,
        );
      },
    },
    {
      name: "POST /api/fal/edit-gemini on the owner's record with one's own uid",
      expect: { free: 404, other: 404 },
      call: (_c, u, w) =>
        post(
          w,
          "/api/fal/edit-gemini",
          {
            imageUrl: w.done.processedUrl,
            prompt: "make it warmer",
            imageRecordId: w.done.recordId,
            userUid: (u as User).id,
          },
          u,
        ),
    },
    {
      name: "POST /api/payment/create-subscription",
      expect: { ...ALL_401, free: 200, other: 403, owner: 409 },
      call: (c, u, w) =>
        post(w, "/api/payment/create-subscription", { uid: uidFor(c, w), planId: "starter" }, u),
    },
    {
      name: "POST /api/payment/create-portal-session",
      expect: { ...ALL_401, free: 409, other: 403, owner: 200 },
      call: (c, u, w) => post(w, "/api/payment/create-portal-session", { uid: uidFor(c, w) }, u),
    },
    {
      name: "GET /api/payment/plan-change-quote (own subscription only)",
      expect: { ...ALL_401, free: 409, other: 200, owner: 200 },
      call: (_c, u, w) => A.get(w.inst, "/api/payment/plan-change-quote?newPlanId=elite", u),
      verify: (a, c) => {
        if (a.status !== 200) return true;
        const quote = a.json as { paidPlanId: string };
        return quote.paidPlanId === "pro" ? true : `${c} quote from ${quote.paidPlanId}`;
      },
    },
    {
      name: "POST /api/payment/cancel-subscription",
      expect: { ...ALL_401, free: 409, other: 403, owner: 200 },
      call: (c, u, w) => post(w, "/api/payment/cancel-subscription", { uid: uidFor(c, w) }, u),
    },
    {
      name: "POST /api/payment/reactivate-subscription",
      expect: { ...ALL_401, free: 409, other: 403, owner: 200 },
      call: (c, u, w) => post(w, "/api/payment/reactivate-subscription", { uid: uidFor(c, w) }, u),
    },
    {
      name: "POST /api/payment/update-subscription",
      expect: { ...ALL_401, free: 409, other: 403, owner: 200 },
      call: (c, u, w) =>
        post(w, "/api/payment/update-subscription", { uid: uidFor(c, w), newPlanId: "elite" }, u),
      verify: async (_a, c, w) => {
        if (c !== "other") return true;
        const row = await A.get(w.inst, `/api/auth/get-user-by-uid?uid=${w.owner.id}`, w.owner);
        const plan = (row.json as { subscriptionPlanId?: string } | undefined)?.subscriptionPlanId;
        return plan === "pro" ? true : `owner's plan became ${plan}`;
      },
    },
    {
      name: "POST /api/payment/create-checkout-session",
      expect: { ...ALL_401, free: 403, other: 403, owner: 200 },
      call: (c, u, w) =>
        post(
          w,
          "/api/payment/create-checkout-session",
          { uid: uidFor(c, w), tokenCount: 100, amount: 9 },
          u,
        ),
    },
    {
      name: "GET /api/payment/session/:id (owner's checkout)",
      expect: { ...ALL_401, free: 404, other: 404, owner: 200 },
      call: (_c, u, w) => A.get(w.inst, `/api/payment/session/${w.subscriptionSession}`, u),
    },
    {
      name: "POST /api/payment/webhook (sandbox: no Stripe)",
      expect: { visitor: 404, owner: 404 },
      call: (_c, u, w) => post(w, "/api/payment/webhook", { id: "evt_1", type: "invoice.paid" }, u),
    },
    {
      name: "GET /sandbox/checkout/:id",
      expect: { ...ALL_401, free: 404, other: 404, owner: 200 },
      call: async (_c, u, w) => A.get(w.inst, `/sandbox/checkout/${w.subscriptionSession}`, u),
    },
    {
      name: "POST /sandbox/checkout/:id/pay (owner's open pack checkout)",
      expect: { ...ALL_401, free: 404, other: 404, owner: 303 },
      call: async (_c, u, w) => form(w, `/sandbox/checkout/${await packSession(w)}/pay`, "", u),
      verify: async (a, c, w) => {
        const bought = (await balances(w.inst, w.owner.id)).numOfTokens;
        const want = c === "owner" && a.status === 303 ? 100 : 0;
        return bought === want ? true : `owner's bought tokens ${bought}, expected ${want}`;
      },
    },
    {
      name: "POST /sandbox/checkout/:id/cancel (owner's open pack checkout)",
      expect: { ...ALL_401, free: 404, other: 404, owner: 303 },
      call: async (_c, u, w) =>
        form(w, `/sandbox/checkout/${await packSession(w, "cancel")}/cancel`, "", u),
    },
    {
      name: "GET /sandbox/portal/:id",
      expect: { ...ALL_401, free: 404, other: 404, owner: 200 },
      call: (_c, u, w) => A.get(w.inst, `/sandbox/portal/${w.portalId}`, u),
    },
    {
      name: "POST /sandbox/portal/:id/cancel",
      expect: { ...ALL_401, free: 404, other: 404, owner: 303 },
      call: (_c, u, w) => form(w, `/sandbox/portal/${w.portalId}/cancel`, "", u),
    },
    {
      name: "POST /sandbox/portal/:id/reactivate",
      expect: { ...ALL_401, free: 404, other: 404, owner: 303 },
      call: (_c, u, w) => form(w, `/sandbox/portal/${w.portalId}/reactivate`, "", u),
    },
    {
      name: "POST /sandbox/portal/:id/change-plan",
      expect: { ...ALL_401, free: 404, other: 404, owner: 303 },
      call: (_c, u, w) => form(w, `/sandbox/portal/${w.portalId}/change-plan`, "planId=pro", u),
    },
    {
      name: "POST /sandbox/portal/:id/end-period",
      expect: { ...ALL_401, free: 404, other: 404, owner: 303 },
      call: (_c, u, w) => form(w, `/sandbox/portal/${w.portalId}/end-period`, "", u),
    },
    {
      name: "GET /api/dev/mailbox (loopback, any caller)",
      expect: { visitor: 200, unverified: 200, free: 200, other: 200, owner: 200 },
      call: (_c, u, w) => A.get(w.inst, "/api/dev/mailbox", u),
    },
    {
      name: "GET /api/identity/get-session",
      expect: { visitor: 200, unverified: 200, free: 200, other: 200, owner: 200 },
      call: (_c, u, w) => A.get(w.inst, "/api/identity/get-session", u),
      verify: (a, c, w) => {
        const id = (a.json as { user?: { id: string } } | null)?.user?.id ?? null;
        const want = userOf(c, w)?.id ?? null;
        return id === want ? true : `session user ${id}, expected ${want}`;
      },
    },
    {
      name: "GET /api/identity/list-sessions",
      expect: { visitor: 401, unverified: 200, free: 200, other: 200, owner: 200 },
      call: (_c, u, w) => A.get(w.inst, "/api/identity/list-sessions", u),
      verify: (a, c, w) => {
        if (a.status !== 200) return true;
        const list = a.json as { userId: string }[];
        const me = userOf(c, w)?.id;
        return list.every((s) => s.userId === me) ? true : "lists someone else's session";
      },
    },
    {
      name: "POST /api/identity/revoke-session (owner's session token)",
      expect: { visitor: 401, unverified: 404, free: 404, other: 404, owner: 200 },
      call: (c, u, w) =>
        post(
          w,
          "/api/identity/revoke-session",
          { token: c === "owner" ? w.ownerPhoneToken : rawToken(w.owner) },
          u,
        ),
      verify: async (_a, _c, w) => {
        const still = await A.get(w.inst, "/api/identity/get-session", w.owner);
        return (still.json as { user?: { id: string } } | null)?.user?.id === w.owner.id
          ? true
          : "the owner's main session was revoked";
      },
    },
    {
      name: "POST /api/identity/update-user (cannot name another user)",
      expect: { visitor: 401, unverified: 200, free: 200, other: 200, owner: 200 },
      call: (c, u, w) =>
        post(
          w,
          "/api/identity/update-user",
          { name: `${c} renamed`, userId: w.owner.id, id: w.owner.id },
          u,
        ),
      verify: async (_a, c, w) => {
        const me = await A.get(w.inst, "/api/identity/get-session", w.owner);
        const name = (me.json as { user?: { name: string } } | null)?.user?.name;
        return c === "owner" || name !== `${c} renamed` ? true : `owner renamed by ${c}`;
      },
    },
    {
      name: "POST /api/identity/change-password (wrong current password)",
      expect: { visitor: 401, owner: 400 },
      call: (_c, u, w) =>
        post(
          w,
          "/api/identity/change-password",
          { currentPassword: "Wr0ng!pass", newPassword: "N3w!passw0rd" },
          u,
        ),
    },
    {
      name: "POST /api/identity/delete-user (not offered)",
      expect: { visitor: [401, 404], owner: 404 },
      call: (_c, u, w) => post(w, "/api/identity/delete-user", {}, u),
    },
    {
      name: "POST /api/email/contact (public)",
      expect: { visitor: 200, unverified: 200, free: 200, other: 200, owner: 200 },
      call: (c, u, w) =>
        post(
          w,
          "/api/email/contact",
          { name: c, email: "someone@review.example", subject: "Hello", message: "A question" },
          u,
        ),
    },
    {
      name: "POST /api/email/report (public)",
      expect: { visitor: 200, unverified: 200, free: 200, other: 200, owner: 200 },
      call: (_c, u, w) =>
        post(w, "/api/email/report", { issueType: "Bug Report", description: "Broken" }, u),
    },
    {
      name: "GET /api/health and /api/config (public)",
      expect: { visitor: 200, owner: 200 },
      call: async (_c, u, w) => {
        const health = await A.get(w.inst, "/api/health", u);
        return health.status === 200 ? A.get(w.inst, "/api/config", u) : health;
      },
    },
  ];
}

const packSessions = new Map<string, string>();
/** An open pack checkout of the owner (made once the owner is elite), one per purpose. */
async function packSession(w: World, purpose = "pay"): Promise<string> {
  const key = `${w.inst.url}:${purpose}`;
  const known = packSessions.get(key);
  if (known) return known;
  const made = await post(
    w,
    "/api/payment/create-checkout-session",
    { uid: w.owner.id, tokenCount: 100, amount: 9 },
    w.owner,
  );
  const id = (made.json as { sessionId?: string } | undefined)?.sessionId;
  if (!id) throw new Error(`pack checkout answered ${made.status} ${made.status ? made.text : ""}`);
  packSessions.set(key, id);
  return id;
}

async function buildWorld(inst: Instance): Promise<World> {
  const owner = await A.createUser(inst, "owner", "Owner");
  const created = await A.createSubscription(inst, owner, "pro");
  const subscriptionSession = (created.json as { sessionId: string }).sessionId;
  const paid = await A.pay(inst, owner, subscriptionSession);
  if (paid.status !== 303) throw new Error(`owner's payment answered ${paid.status}`);
  const other = await A.subscriber(inst, "other", "pro");
  const free = await A.createUser(inst, "free", "Free");
  const unverified = await A.unverifiedSession(inst);
  const phone = A.asUser(await A.signIn(inst, owner.email), "Owner");

  const first = await A.upload(inst, owner, photo("coffee.png"));
  const started = await A.processImage(inst, owner, first);
  if (started.status !== 200) throw new Error(`owner's process answered ${started.status}`);
  const ended = await A.waitForRecord(inst, owner, first.recordId, 240_000);
  if (ended?.status !== "completed" || !ended.processedImage) {
    throw new Error(`owner's generation ended ${ended?.status}: ${ended?.error}`);
  }
  const fresh = await A.upload(inst, owner, photo("rocket.jpg"), "rocket.jpg");
  const editable = await A.upload(inst, owner, photo("astronaut.png"));
  const freeRecord = await A.upload(inst, free, photo("coffee.png"));
  const portal = await A.postJson(
    inst,
    "/api/payment/create-portal-session",
    { uid: owner.id },
    owner,
  );
  const portalId = new URL((portal.json as { url: string }).url).pathname.split("/").pop() ?? "";
  return {
    inst,
    owner,
    other,
    free,
    unverified,
    done: { ...first, processedUrl: ended.processedImage.url },
    fresh,
    editable,
    freeRecord,
    subscriptionSession,
    portalId,
    ownerPhoneToken: rawToken(phone),
  };
}

export async function authorisation(inst: Instance, cases: Cases): Promise<void> {
  const w = await buildWorld(inst);
  // The owner goes last on each route: its call may change what the others would see.
  for (const row of rows()) {
    for (const caller of CALLERS) {
      const expected = row.expect[caller];
      if (expected === undefined) continue;
      const name = `${row.name} as ${caller}`;
      await cases.run(name, async () => {
        const answer = await row.call(caller, userOf(caller, w), w);
        const wanted = Array.isArray(expected) ? expected : [expected];
        if (!wanted.includes(answer.status)) {
          return `expected ${wanted.join("/")}, got ${answer.status} ${answer.status ? answer.text.slice(0, 140) : answer.error}`;
        }
        return row.verify ? await row.verify(answer, caller, w) : true;
      });
    }
  }
  // The unverified account itself: better-auth gives it no session at all.
  await cases.run("sign-in of an unverified account answers 403", async () => {
    const email = A.uniqueEmail("never-verified");
    await A.signUp(inst, { name: "Never", email, password: A.PASSWORD });
    const answer = await A.signIn(inst, email);
    return answer.status === 403 && cookiesOf(answer) === ""
      ? true
      : `got ${answer.status} ${answer.status ? answer.text.slice(0, 100) : ""}`;
  });
  // The owner's edit and upscale jobs end before the instance stops.
  await A.waitForRecord(inst, w.owner, w.done.recordId, 180_000);
  await A.waitForRecord(inst, w.owner, w.fresh.recordId, 180_000);
}
