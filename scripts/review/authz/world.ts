/**
 * The actors and records the authorisation table is run against, and the calls its rows share.
 */
import type { User } from "../lib/actors.ts";
import * as A from "../lib/actors.ts";
import type { Answer, NoAnswer } from "../lib/http.ts";
import { request } from "../lib/http.ts";
import { photo } from "../lib/images.ts";
import type { Instance } from "../lib/instance.ts";
import { packCheckout, portalIdOf, sessionIdOf } from "../lib/payments.ts";

export type Caller = "visitor" | "unverified" | "free" | "other" | "owner";
export const CALLERS: Caller[] = ["visitor", "unverified", "free", "other", "owner"];

export type World = {
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
  /** The owner's upload that the owner's delete case removes. */
  deletable: A.Uploaded;
  freeRecord: A.Uploaded;
  subscriptionSession: string;
  portalId: string;
  /** A second session of the owner, revoked by the owner's own revoke-session case. */
  ownerPhoneToken: string;
};

type Expect = number | number[];
export type Row = {
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

export const ALL_401 = { visitor: 401, unverified: 401 } as const;
/** Every caller gets the same status. */
export const EVERYONE = (status: number) =>
  ({ visitor: status, unverified: status, free: status, other: status, owner: status }) as const;

export const path = (url: string) => new URL(url).pathname;

export function userOf(caller: Caller, w: World): User | null {
  return { visitor: null, unverified: w.unverified, free: w.free, other: w.other, owner: w.owner }[
    caller
  ];
}

/** The uid a caller sends: its own, except "other", who sends the owner's (and visitors too). */
export function uidFor(caller: Caller, w: World): string {
  if (caller === "free") return w.free.id;
  if (caller === "unverified") return w.unverified.id;
  return w.owner.id;
}

/** The record a caller names: the free user its own; everyone else the owner's (`owners`). */
export function recordFor(caller: Caller, w: World, owners: A.Uploaded = w.done): A.Uploaded {
  return caller === "free" ? w.freeRecord : owners;
}

export const post = (w: World, path: string, body: unknown, user: User | null) =>
  A.postJson(w.inst, path, body, user);
/** Edits answer when their job ends: minutes on a busy machine. */
export const postSlow = (w: World, path: string, body: unknown, user: User | null) =>
  request(w.inst.url, path, {
    method: "POST",
    headers: { "content-type": "application/json", ...A.sameOrigin(w.inst), ...A.asCookie(user) },
    body: JSON.stringify(body),
    timeoutMs: 300_000,
  });
export const form = (w: World, path: string, body: string, user: User | null) =>
  A.postForm(w.inst, path, body, user);
export const sse = (w: World, path: string, user: User | null) =>
  request(w.inst.url, path, {
    headers: { ...A.asCookie(user), accept: "text/event-stream" },
    readUntil: "event: record",
    timeoutMs: 15_000,
  });

const packSessions = new Map<string, string>();
/** An open pack checkout of the owner (made once the owner is elite), one per purpose. */
export async function packSession(w: World, purpose = "pay"): Promise<string> {
  const key = `${w.inst.url}:${purpose}`;
  const known = packSessions.get(key);
  if (known) return known;
  const made = await packCheckout(w.inst, w.owner, { tokenCount: 100, amount: 9 });
  const id = sessionIdOf(made);
  if (!id) throw new Error(`pack checkout answered ${made.status} ${made.status ? made.text : ""}`);
  packSessions.set(key, id);
  return id;
}

export async function buildWorld(inst: Instance): Promise<World> {
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
  const deletable = await A.upload(inst, owner, photo("rocket.jpg"), "rocket.jpg");
  const freeRecord = await A.upload(inst, free, photo("coffee.png"));
  const portalId = await portalIdOf(inst, owner);
  return {
    inst,
    owner,
    other,
    free,
    unverified,
    done: { ...first, processedUrl: ended.processedImage.url },
    fresh,
    editable,
    deletable,
    freeRecord,
    subscriptionSession,
    portalId,
    ownerPhoneToken: A.rawToken(phone),
  };
}
