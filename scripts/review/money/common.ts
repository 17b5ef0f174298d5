/** What the money cases share: the spec's messages, quotes and plan changes, the books. */
import type { Plan, User } from "../lib/actors.ts";
import * as A from "../lib/actors.ts";
import { balances, chargesCents, ledgerOf, total } from "../lib/db.ts";
import { type Answer, errorOf, type NoAnswer, unexpected } from "../lib/http.ts";
import * as I from "../lib/images.ts";
import type { Instance, OwnRedis } from "../lib/instance.ts";
import type { Cases } from "../lib/report.ts";

export const MSG = {
  unknownPlan: "Please choose the starter, pro or elite plan",
  unknownTokenPack: "Please choose one of the token packs on offer",
  amountMismatch: "The amount does not match the price of this token pack",
  samePlan: "You are already on this plan",
  notEnoughTokens: "You don't have enough tokens to process this image.",
  alreadyProcessing:
    "This image is still being processed. Please wait for the current job to finish.",
  subscriptionRequired: "Please subscribe to a plan to generate images.",
  subscriptionExpired: "Your subscription has expired. Please upgrade your plan to continue.",
  editsNeedUpgrade: "Upgrade your plan to enable AI generative edits",
  imageNotInRecord: "This image does not belong to the image record",
  noSubjectFound:
    "We couldn't find a product or person in this photo. Try a photo where the subject stands out from its background.",
  requestTimedOut: "Request timed out. The service might be busy, please try again later.",
  queueUnavailable:
    "Image processing is unavailable right now. Nothing was charged; please try again in a minute.",
  loginToPurchase: "Please log in to purchase tokens",
  subscribeToPurchase: "You must subscribe to a plan to purchase tokens",
  planDisallows: "Your current plan doesn't allow token purchases. Please upgrade.",
  tooManyCheckouts: "Too many checkout attempts. Please wait a few minutes and try again.",
  editNotUnderstood: "Backdrop can't make that change.",
};

export type MoneyOptions = {
  /** Whether jobs run on this instance (inline); with BullMQ and no worker they stay queued. */
  jobsRun: boolean;
  /** The instance's own Redis, stopped and started for the refusal-when-down cases. */
  redis?: OwnRedis;
};

export type Quote = {
  planId: string;
  paidPlanId: string;
  chargeCents: number;
  tokens: number;
  quotedAt: number;
};

export async function quote(inst: Instance, user: User, planId: Plan): Promise<Quote> {
  const answer = await A.get(inst, `/api/payment/plan-change-quote?newPlanId=${planId}`, user);
  if (answer.status !== 200)
    throw new Error(`quote answered ${answer.status} ${answer.status ? answer.text : ""}`);
  return answer.json as Quote;
}

export function changePlan(inst: Instance, user: User, newPlanId: Plan, quotedAt?: unknown) {
  return A.postJson(
    inst,
    "/api/payment/update-subscription",
    { uid: user.id, newPlanId, ...(quotedAt !== undefined ? { quotedAt } : {}) },
    user,
  );
}

/** Tokens granted by plans (grants and proration), not refunds or packs. */
export async function planTokensGranted(inst: Instance, userId: string): Promise<number> {
  const rows = await ledgerOf(inst, userId);
  return rows
    .filter((row) => row.kind === "grant" || row.kind === "prorate")
    .reduce(
      (sum, row) =>
        sum + Math.max(0, Number(row.delta_subscription_tokens) + Number(row.delta_tokens)),
      0,
    );
}

/** The user's spendable tokens (b) and what the user has been charged in cents (c). */
export async function wallet(inst: Instance, user: User) {
  return { b: total(await balances(inst, user.id)), c: await chargesCents(inst, user.id) };
}

/** As `wallet`, with both balances apart. */
export async function account(inst: Instance, user: User) {
  return { b: await balances(inst, user.id), c: await chargesCents(inst, user.id) };
}

/** A paid job whose record must end completed. */
export type Tracked = { user: User; recordId: string; expect: "completed" | "any" };

/** One money run: the instance, its cases, and what later cases check. */
export type Money = {
  inst: Instance;
  cases: Cases;
  /** Paid jobs, checked at the end when jobs run. */
  tracked: Tracked[];
  /** An ordinary photo (about 1 MP: 8 tokens). */
  photo: Buffer;
  uploadOf: (user: User, bytes: Buffer) => Promise<A.Uploaded>;
  /** A refusal that moved neither the balance nor the charges. */
  refusedWithoutCharge: (
    name: string,
    user: User,
    send: () => Promise<Answer | NoAnswer>,
    status: number,
    message?: string,
  ) => Promise<void>;
};

export function moneyRun(inst: Instance, cases: Cases): Money {
  const snapshot = async (user: User) => ({
    balance: total(await balances(inst, user.id)),
    charges: await chargesCents(inst, user.id),
  });
  return {
    inst,
    cases,
    tracked: [],
    photo: I.photo("coffee.png"),
    uploadOf: (user, bytes) => A.upload(inst, user, bytes, "p.jpg"),
    refusedWithoutCharge: (name, user, send, status, message) =>
      cases.run(name, async () => {
        const before = await snapshot(user);
        const answer = await send();
        const after = await snapshot(user);
        const wrong = unexpected(answer, status, 120);
        if (wrong) return wrong;
        if (message && !errorOf(answer).startsWith(message)) return `message "${errorOf(answer)}"`;
        if (before.balance !== after.balance || before.charges !== after.charges)
          return `moved: ${JSON.stringify(before)} → ${JSON.stringify(after)}`;
        return true;
      }),
  };
}
