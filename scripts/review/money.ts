/**
 * Category 3: tampered requests are refused and charge nothing; races never overspend; replayed
 * and concurrent checkouts credit once; the F2 cycle gives at most one elite month's tokens for
 * $24; quotes are what is applied; downgrades move nothing; refunds follow docs/decisions.md.
 */

import type { Plan, User } from "./lib/actors.ts";
import * as A from "./lib/actors.ts";
import {
  balances,
  chargesCents,
  jobsOf,
  ledgerMismatches,
  ledgerOf,
  query,
  total,
} from "./lib/db.ts";
import { type Answer, errorOf, header, type NoAnswer, request, sleep } from "./lib/http.ts";
import * as I from "./lib/images.ts";
import type { Instance, OwnRedis } from "./lib/instance.ts";
import type { Cases } from "./lib/report.ts";

const MSG = {
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
  editNotUnderstood: "The offline editor can't do that yet.",
};

export type MoneyOptions = {
  /** Whether jobs run on this instance (inline); with BullMQ and no worker they stay queued. */
  jobsRun: boolean;
  /** The instance's own Redis, stopped and started for the refusal-when-down cases. */
  redis?: OwnRedis;
};

type Quote = {
  planId: string;
  paidPlanId: string;
  chargeCents: number;
  tokens: number;
  quotedAt: number;
};

async function quote(inst: Instance, user: User, planId: Plan): Promise<Quote> {
  const answer = await A.get(inst, `/api/payment/plan-change-quote?newPlanId=${planId}`, user);
  if (answer.status !== 200)
    throw new Error(`quote answered ${answer.status} ${answer.status ? answer.text : ""}`);
  return answer.json as Quote;
}

function changePlan(inst: Instance, user: User, newPlanId: Plan, quotedAt?: unknown) {
  return A.postJson(
    inst,
    "/api/payment/update-subscription",
    { uid: user.id, newPlanId, ...(quotedAt !== undefined ? { quotedAt } : {}) },
    user,
  );
}

function packCheckout(inst: Instance, user: User | null, body: Record<string, unknown>) {
  return A.postJson(inst, "/api/payment/create-checkout-session", { uid: user?.id, ...body }, user);
}

const sessionIdOf = (answer: Answer | NoAnswer) =>
  answer.status === 200 ? (answer.json as { sessionId: string }).sessionId : "";

/** Tokens granted by plans (grants and proration), not refunds or packs. */
async function planTokensGranted(inst: Instance, userId: string): Promise<number> {
  const rows = await ledgerOf(inst, userId);
  return rows
    .filter((row) => row.kind === "grant" || row.kind === "prorate")
    .reduce(
      (sum, row) =>
        sum + Math.max(0, Number(row.delta_subscription_tokens) + Number(row.delta_tokens)),
      0,
    );
}

export async function money(inst: Instance, cases: Cases, options: MoneyOptions): Promise<void> {
  const tracked: { user: User; recordId: string; expect: "completed" | "any" }[] = [];
  const uploadOf = (user: User, bytes: Buffer) => A.upload(inst, user, bytes, "p.jpg");

  // ---- Refunds of input failures (jobs must run): issued first, checked at the end. ----
  const inputFailures: { plan: Plan; user: User; recordId: string; before: number }[] = [];
  if (options.jobsRun) {
    const flat = await I.uniform(640, 480);
    for (const plan of ["starter", "pro", "elite"] as const) {
      const user = await A.subscriber(inst, `nosubject-${plan}`, plan);
      const uploaded = await uploadOf(user, flat);
      const before = total(await balances(inst, user.id));
      const started = await A.processImage(inst, user, uploaded);
      if (started.status !== 200) throw new Error(`no-subject process answered ${started.status}`);
      inputFailures.push({ plan, user, recordId: uploaded.recordId, before });
    }
  }

  // ---- Tampering: refused, nothing charged. ----
  const starter = await A.subscriber(inst, "tamper-starter", "starter");
  const elite = await A.subscriber(inst, "tamper-elite", "elite");
  const free = await A.createUser(inst, "tamper-free");
  const stranger = await A.subscriber(inst, "stranger", "pro");

  async function refusedWithoutCharge(
    name: string,
    user: User,
    send: () => Promise<Answer | NoAnswer>,
    status: number,
    message?: string,
  ) {
    await cases.run(name, async () => {
      const before = {
        balance: total(await balances(inst, user.id)),
        charges: await chargesCents(inst, user.id),
      };
      const answer = await send();
      const after = {
        balance: total(await balances(inst, user.id)),
        charges: await chargesCents(inst, user.id),
      };
      if (answer.status !== status)
        return `expected ${status}, got ${answer.status} ${answer.status ? answer.text.slice(0, 120) : answer.error}`;
      if (message && !errorOf(answer).startsWith(message)) return `message "${errorOf(answer)}"`;
      if (before.balance !== after.balance || before.charges !== after.charges)
        return `moved: ${JSON.stringify(before)} → ${JSON.stringify(after)}`;
      return true;
    });
  }

  const subscribeAs = (user: User, body: Record<string, unknown>) =>
    A.postJson(inst, "/api/payment/create-subscription", { uid: user.id, ...body }, user);
  await refusedWithoutCharge(
    "create-subscription with another user's uid",
    free,
    () =>
      A.postJson(
        inst,
        "/api/payment/create-subscription",
        { uid: stranger.id, planId: "starter" },
        free,
      ),
    403,
  );
  for (const planId of ["free", "enterprise", "", "ELITE", ["elite"], null]) {
    await refusedWithoutCharge(
      `create-subscription planId=${JSON.stringify(planId)}`,
      free,
      () => subscribeAs(free, { planId }),
      400,
      MSG.unknownPlan,
    );
  }
  await cases.run(
    "create-subscription ignores a price in the body (elite still 2400 ¢)",
    async () => {
      const made = await subscribeAs(free, {
        planId: "elite",
        price: 1,
        priceCents: 1,
        amount: 0.01,
        amountCents: 1,
      });
      const session = await A.get(inst, `/api/payment/session/${sessionIdOf(made)}`, free);
      const cents = (session.json as { amountCents?: number } | undefined)?.amountCents;
      return cents === 2400 ? true : `session amount ${cents}`;
    },
  );

  const packs = [
    [100, 9],
    [250, 20],
    [500, 35],
    [1000, 65],
  ] as const;
  for (const [tokenCount, amount] of packs) {
    await cases.run(
      `pack ${tokenCount} at $${amount}: checkout at the catalogue price`,
      async () => {
        const made = await packCheckout(inst, elite, {
          tokenCount,
          amount,
          tokens: 99_999,
          priceCents: 1,
        });
        const session = await A.get(inst, `/api/payment/session/${sessionIdOf(made)}`, elite);
        const body = session.json as { amountCents?: number; tokenCount?: number } | undefined;
        return body?.amountCents === amount * 100 && body.tokenCount === tokenCount
          ? true
          : `${made.status} ${JSON.stringify(body)}`;
      },
    );
  }
  const badPacks: [string, Record<string, unknown>, string][] = [
    ["100 tokens for $1", { tokenCount: 100, amount: 1 }, MSG.amountMismatch],
    ["100 tokens for $8.99", { tokenCount: 100, amount: 8.99 }, MSG.amountMismatch],
    ["100 tokens for $9.01", { tokenCount: 100, amount: 9.01 }, MSG.amountMismatch],
    ["100 tokens for $0", { tokenCount: 100, amount: 0 }, MSG.amountMismatch],
    ["100 tokens for -$9", { tokenCount: 100, amount: -9 }, MSG.amountMismatch],
    ["1000 tokens for $9", { tokenCount: 1000, amount: 9 }, MSG.amountMismatch],
    ["150 tokens (no such pack)", { tokenCount: 150, amount: 9 }, MSG.unknownTokenPack],
    ["0 tokens", { tokenCount: 0, amount: 0 }, MSG.unknownTokenPack],
    ["-100 tokens", { tokenCount: -100, amount: -9 }, MSG.unknownTokenPack],
    ["100.5 tokens", { tokenCount: 100.5, amount: 9 }, MSG.unknownTokenPack],
    ["1e9 tokens", { tokenCount: 1e9, amount: 9 }, MSG.unknownTokenPack],
    ['tokenCount "100" (string)', { tokenCount: "100", amount: 9 }, MSG.unknownTokenPack],
    ['amount "9" (string)', { tokenCount: 100, amount: "9" }, MSG.amountMismatch],
    ["amount missing", { tokenCount: 100 }, MSG.amountMismatch],
  ];
  // Checkouts are limited to 10 per 10 minutes per user, refused ones included: 7 per user here.
  const tamperers = [
    await A.subscriber(inst, "tamper-elite-2", "elite"),
    await A.subscriber(inst, "tamper-elite-3", "elite"),
  ];
  for (const [i, [name, body, message]] of badPacks.entries()) {
    const user = tamperers[i % 2] as User;
    await refusedWithoutCharge(
      `pack checkout: ${name}`,
      user,
      () => packCheckout(inst, user, body),
      400,
      message,
    );
  }
  await refusedWithoutCharge(
    "pack checkout as starter",
    starter,
    () => packCheckout(inst, starter, { tokenCount: 100, amount: 9 }),
    403,
    MSG.planDisallows,
  );
  await refusedWithoutCharge(
    "pack checkout as a free user",
    free,
    () => packCheckout(inst, free, { tokenCount: 100, amount: 9 }),
    403,
    MSG.subscribeToPurchase,
  );
  await refusedWithoutCharge(
    "pack checkout as a visitor",
    free,
    () => packCheckout(inst, null, { tokenCount: 100, amount: 9 }),
    401,
    MSG.loginToPurchase,
  );
  await refusedWithoutCharge(
    "pack checkout with another user's uid",
    starter,
    () =>
      A.postJson(
        inst,
        "/api/payment/create-checkout-session",
        { uid: elite.id, tokenCount: 100, amount: 9 },
        starter,
      ),
    403,
  );

  await refusedWithoutCharge(
    "update-subscription to an unknown plan",
    starter,
    () => changePlan(inst, starter, "platinum" as Plan),
    400,
    MSG.unknownPlan,
  );
  await refusedWithoutCharge(
    "update-subscription to the same plan",
    starter,
    () => changePlan(inst, starter, "starter"),
    409,
    MSG.samePlan,
  );
  await refusedWithoutCharge(
    'update-subscription with quotedAt "yesterday"',
    starter,
    () => changePlan(inst, starter, "pro", "yesterday"),
    400,
  );
  await refusedWithoutCharge(
    "update-subscription with quotedAt 1.5",
    starter,
    () => changePlan(inst, starter, "pro", 1.5),
    400,
  );
  await refusedWithoutCharge(
    "update-subscription with another user's uid",
    starter,
    () =>
      A.postJson(
        inst,
        "/api/payment/update-subscription",
        { uid: elite.id, newPlanId: "starter" },
        starter,
      ),
    403,
  );
  await refusedWithoutCharge(
    "plan-change-quote for an unknown plan",
    starter,
    () => A.get(inst, "/api/payment/plan-change-quote?newPlanId=gold", starter),
    400,
    MSG.unknownPlan,
  );

  // Generation tampering (no job may start).
  const photo = I.photo("coffee.png");
  const mine = await uploadOf(starter, photo);
  const mineToo = await uploadOf(starter, photo);
  const theirs = await uploadOf(stranger, photo);
  const processAs = (user: User, extra: Record<string, unknown>, target = mine) =>
    A.postJson(inst, "/api/fal/process", A.processBody(user, target, extra), user);
  await refusedWithoutCharge(
    "process with num_inference_steps 1000",
    starter,
    () => processAs(starter, { options: { num_inference_steps: 1000 } }),
    400,
  );
  await refusedWithoutCharge(
    "process with a 1001-character prompt",
    starter,
    () => processAs(starter, { prompt: "x".repeat(1001) }),
    400,
  );
  await refusedWithoutCharge(
    "process with another record's image",
    starter,
    () => processAs(starter, { imageUrl: mineToo.url }),
    400,
    MSG.imageNotInRecord,
  );
  await refusedWithoutCharge(
    "process with another user's image",
    starter,
    () => processAs(starter, { imageUrl: theirs.url }),
    400,
    MSG.imageNotInRecord,
  );
  await refusedWithoutCharge(
    "process with an outside URL",
    starter,
    () => processAs(starter, { imageUrl: "https://evil.example/x.png" }),
    400,
    MSG.imageNotInRecord,
  );
  await refusedWithoutCharge(
    "process with file:///etc/passwd",
    starter,
    () => processAs(starter, { imageUrl: "file:///etc/passwd" }),
    400,
    MSG.imageNotInRecord,
  );
  await refusedWithoutCharge(
    "process of another user's record",
    starter,
    () => processAs(starter, {}, theirs),
    404,
  );
  await refusedWithoutCharge(
    "process with another user's uid",
    starter,
    () => processAs(starter, { userUid: stranger.id }),
    403,
  );
  await refusedWithoutCharge(
    "process by a free user",
    free,
    async () => processAs(free, {}, await uploadOf(free, photo)),
    403,
    MSG.subscriptionRequired,
  );
  await refusedWithoutCharge(
    "edit by a starter user",
    starter,
    () =>
      A.postJson(
        inst,
        "/api/fal/edit-gemini",
        {
          imageUrl: mine.url,
          prompt: "make it warmer",
          imageRecordId: mine.recordId,
          userUid: starter.id,
        },
        starter,
      ),
    403,
    MSG.editsNeedUpgrade,
  );
  await refusedWithoutCharge(
    "edit the offline engine cannot do (refused before charging)",
    stranger,
    async () => {
      const own = await uploadOf(stranger, photo);
      return A.postJson(
        inst,
        "/api/fal/edit-gemini",
        {
          imageUrl: own.url,
          prompt: "qwerty asdf",
          imageRecordId: own.recordId,
          userUid: stranger.id,
        },
        stranger,
      );
    },
    422,
    MSG.editNotUnderstood,
  );
  await cases.run("process ignores a cost in the body (8 tokens debited)", async () => {
    const before = total(await balances(inst, starter.id));
    const answer = await processAs(starter, { cost: 0, tokens: 0, price: 0 });
    const after = total(await balances(inst, starter.id));
    if (answer.status !== 200) return `got ${answer.status}`;
    tracked.push({ user: starter, recordId: mine.recordId, expect: "completed" });
    return before - after === 8 ? true : `debited ${before - after}`;
  });

  // ---- Races. ----
  const big = await uniformBig();
  const racer = await A.subscriber(inst, "racer", "starter");
  const records: A.Uploaded[] = [];
  for (let i = 0; i < 12; i++) records.push(await uploadOf(racer, big));
  await cases.run(
    "12 parallel 40-token process calls on 100 tokens: 2 accepted, 10 × 402, balance 20",
    async () => {
      const answers = await Promise.all(records.map((r) => A.processImage(inst, racer, r)));
      const accepted = answers.filter((a) => a.status === 200).length;
      const refused = answers.filter(
        (a) => a.status === 402 && errorOf(a) === MSG.notEnoughTokens,
      ).length;
      const left = total(await balances(inst, racer.id));
      return accepted === 2 && refused === 10 && left === 20
        ? true
        : `accepted ${accepted}, 402 ${refused}, left ${left}, statuses ${answers.map((a) => a.status)}`;
    },
  );
  const samer = await A.subscriber(inst, "samer", "pro");
  const one = await uploadOf(samer, photo);
  await cases.run(
    "10 parallel process calls on one record: 1 accepted, 9 × 409, one debit",
    async () => {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => A.processImage(inst, samer, one)),
      );
      const accepted = answers.filter((a) => a.status === 200).length;
      const busy = answers.filter(
        (a) => a.status === 409 && errorOf(a) === MSG.alreadyProcessing,
      ).length;
      const debits = (await ledgerOf(inst, samer.id)).filter((row) => row.kind === "debit").length;
      tracked.push({ user: samer, recordId: one.recordId, expect: "completed" });
      return accepted === 1 && busy === 9 && debits === 1
        ? true
        : `accepted ${accepted}, 409 ${busy}, debits ${debits}`;
    },
  );

  // ---- Replays and concurrent checkouts. ----
  const buyer = await A.subscriber(inst, "buyer", "elite");
  await cases.run(
    "one pack session paid 5 times at once: credited once, charged once",
    async () => {
      const before = await balances(inst, buyer.id);
      const chargesBefore = await chargesCents(inst, buyer.id);
      const id = sessionIdOf(await packCheckout(inst, buyer, { tokenCount: 100, amount: 9 }));
      const answers = await Promise.all(Array.from({ length: 5 }, () => A.pay(inst, buyer, id)));
      const after = await balances(inst, buyer.id);
      const charged = (await chargesCents(inst, buyer.id)) - chargesBefore;
      const credited = after.numOfTokens - before.numOfTokens;
      return credited === 100 && charged === 900
        ? true
        : `credited ${credited}, charged ${charged}, statuses ${answers.map((a) => a.status)}`;
    },
  );
  await cases.run("a paid pack session paid again later: nothing more", async () => {
    const id = sessionIdOf(await packCheckout(inst, buyer, { tokenCount: 250, amount: 20 }));
    await A.pay(inst, buyer, id);
    const before = { b: await balances(inst, buyer.id), c: await chargesCents(inst, buyer.id) };
    const again = await A.pay(inst, buyer, id);
    const after = { b: await balances(inst, buyer.id), c: await chargesCents(inst, buyer.id) };
    return [303, 409].includes(again.status) && JSON.stringify(before) === JSON.stringify(after)
      ? true
      : `${again.status} ${JSON.stringify(before)} → ${JSON.stringify(after)}`;
  });
  await cases.run("three pack sessions paid concurrently, each twice: three credits", async () => {
    const before = await balances(inst, buyer.id);
    const ids = [];
    for (let i = 0; i < 3; i++)
      ids.push(sessionIdOf(await packCheckout(inst, buyer, { tokenCount: 100, amount: 9 })));
    await Promise.all([...ids, ...ids].map((id) => A.pay(inst, buyer, id)));
    const credited = (await balances(inst, buyer.id)).numOfTokens - before.numOfTokens;
    return credited === 300 ? true : `credited ${credited}`;
  });
  await cases.run(
    "two subscription checkouts paid one after the other: one subscription",
    async () => {
      const user = await A.createUser(inst, "double");
      const first = sessionIdOf(await A.createSubscription(inst, user, "pro"));
      const second = sessionIdOf(await A.createSubscription(inst, user, "elite"));
      const paid = await A.pay(inst, user, first);
      const refused = await A.pay(inst, user, second);
      const subs = await query(
        inst,
        "select count(*) as n from sandbox_subscriptions where user_id = ?",
        [user.id],
      );
      const charged = await chargesCents(inst, user.id);
      const granted = await planTokensGranted(inst, user.id);
      return paid.status === 303 &&
        refused.status === 409 &&
        Number(subs[0]?.n) === 1 &&
        charged === 1400 &&
        granted === 160
        ? true
        : `pay ${paid.status}/${refused.status}, subscriptions ${subs[0]?.n}, charged ${charged}, granted ${granted}`;
    },
  );
  await cases.run(
    "five subscription checkouts paid at once: one subscription, one charge, one grant",
    async () => {
      const user = await A.createUser(inst, "burst");
      const ids = [];
      for (let i = 0; i < 5; i++)
        ids.push(sessionIdOf(await A.createSubscription(inst, user, "starter")));
      const answers = await Promise.all(ids.map((id) => A.pay(inst, user, id)));
      const subs = await query(
        inst,
        "select count(*) as n from sandbox_subscriptions where user_id = ?",
        [user.id],
      );
      const charged = await chargesCents(inst, user.id);
      const granted = await planTokensGranted(inst, user.id);
      const ok = answers.filter((a) => a.status === 303).length;
      return ok === 1 && Number(subs[0]?.n) === 1 && charged === 900 && granted === 100
        ? true
        : `303 × ${ok} (${answers.map((a) => a.status)}), subscriptions ${subs[0]?.n}, charged ${charged}, granted ${granted}`;
    },
  );
  await cases.run(
    "the 11th create-subscription in 10 minutes answers 429 with Retry-After",
    async () => {
      const user = await A.createUser(inst, "checkout-spam");
      const statuses = [];
      for (let i = 0; i < 10; i++)
        statuses.push((await A.createSubscription(inst, user, "starter")).status);
      const eleventh = await A.createSubscription(inst, user, "starter");
      return statuses.every((s) => s === 200) &&
        eleventh.status === 429 &&
        errorOf(eleventh) === MSG.tooManyCheckouts &&
        Number(header(eleventh, "retry-after")) > 0
        ? true
        : `${statuses} then ${eleventh.status} ${header(eleventh, "retry-after")}`;
    },
  );

  // ---- The F2 cycle: starter → elite → spend → starter → elite → spend → starter. ----
  const cycler = await A.subscriber(inst, "f2-cycle", "starter");
  const spendPhoto = await I.fourMegapixels();
  const spend = async (user: User, count: number) => {
    const answers = [];
    for (let i = 0; i < count; i++) {
      const uploaded = await uploadOf(user, spendPhoto);
      const answer = await A.processImage(inst, user, uploaded);
      if (answer.status === 200)
        tracked.push({ user, recordId: uploaded.recordId, expect: "completed" });
      answers.push(answer.status);
    }
    return answers;
  };
  await cases.run("F2: starter → elite charges and grants exactly the quote", async () => {
    const q = await quote(inst, cycler, "elite");
    const before = {
      b: total(await balances(inst, cycler.id)),
      c: await chargesCents(inst, cycler.id),
    };
    const changed = await changePlan(inst, cycler, "elite", q.quotedAt);
    const after = {
      b: total(await balances(inst, cycler.id)),
      c: await chargesCents(inst, cycler.id),
    };
    const ok =
      changed.status === 200 &&
      after.c - before.c === q.chargeCents &&
      after.b - before.b === q.tokens &&
      q.chargeCents > 1490 &&
      q.tokens >= 174;
    return ok
      ? true
      : `quote ${JSON.stringify(q)}, applied ${after.c - before.c} ¢ / ${after.b - before.b} tokens (${changed.status})`;
  });
  await cases.run("F2: spend 240 tokens (six 2048×2048 generations)", async () => {
    const statuses = await spend(cycler, 6);
    const left = total(await balances(inst, cycler.id));
    return statuses.every((s) => s === 200) && left <= 35 ? true : `${statuses}, left ${left}`;
  });
  const downgrade = async (name: string, user: User, to: Plan) =>
    cases.run(name, async () => {
      const q = await quote(inst, user, to);
      const before = { b: await balances(inst, user.id), c: await chargesCents(inst, user.id) };
      const changed = await changePlan(inst, user, to, q.quotedAt);
      const after = { b: await balances(inst, user.id), c: await chargesCents(inst, user.id) };
      return changed.status === 200 &&
        q.chargeCents === 0 &&
        q.tokens === 0 &&
        JSON.stringify(before) === JSON.stringify(after)
        ? true
        : `quote ${JSON.stringify(q)}, ${changed.status}, ${JSON.stringify(before)} → ${JSON.stringify(after)}`;
    });
  await downgrade("F2: elite → starter costs and credits nothing", cycler, "starter");
  await cases.run(
    "F2: starter → elite again (already paid this period): free and no tokens",
    async () => {
      const q = await quote(inst, cycler, "elite");
      const before = {
        b: total(await balances(inst, cycler.id)),
        c: await chargesCents(inst, cycler.id),
      };
      const changed = await changePlan(inst, cycler, "elite", q.quotedAt);
      const after = {
        b: total(await balances(inst, cycler.id)),
        c: await chargesCents(inst, cycler.id),
      };
      return changed.status === 200 &&
        q.chargeCents === 0 &&
        q.tokens === 0 &&
        after.b === before.b &&
        after.c === before.c
        ? true
        : `quote ${JSON.stringify(q)}, ${JSON.stringify(before)} → ${JSON.stringify(after)}`;
    },
  );
  await cases.run("F2: the second spend finds no minted tokens (2048² refused 402)", async () => {
    const statuses = await spend(cycler, 1);
    return statuses[0] === 402 ? true : `got ${statuses}`;
  });
  await downgrade("F2: elite → starter again costs and credits nothing", cycler, "starter");
  await cases.run("F2: in all, at most one elite month's tokens (275) for $24", async () => {
    const charged = await chargesCents(inst, cycler.id);
    const granted = await planTokensGranted(inst, cycler.id);
    const debited = -(await ledgerOf(inst, cycler.id))
      .filter((row) => row.kind === "debit")
      .reduce(
        (sum, row) => sum + Number(row.delta_subscription_tokens) + Number(row.delta_tokens),
        0,
      );
    return charged <= 2400 && granted <= 275 && debited <= 275
      ? true
      : `charged ${charged} ¢, granted ${granted}, spent ${debited}`;
  });

  // ---- Quotes equal what is applied; downgrades are free; renewal at the new price. ----
  const climber = await A.subscriber(inst, "climber", "starter");
  const upgrade = async (
    name: string,
    user: User,
    to: Plan,
    quotedAt?: (q: Quote) => number | undefined,
  ) =>
    cases.run(name, async () => {
      const q = await quote(inst, user, to);
      const before = {
        b: total(await balances(inst, user.id)),
        c: await chargesCents(inst, user.id),
      };
      const stamp = quotedAt ? quotedAt(q) : q.quotedAt;
      const changed = await changePlan(inst, user, to, stamp);
      const after = {
        b: total(await balances(inst, user.id)),
        c: await chargesCents(inst, user.id),
      };
      const dc = after.c - before.c;
      const dt = after.b - before.b;
      // A stale or future quotedAt is charged as of now: within a cent and a token of the quote.
      const exact = stamp === q.quotedAt;
      const ok =
        changed.status === 200 &&
        (exact
          ? dc === q.chargeCents && dt === q.tokens
          : Math.abs(dc - q.chargeCents) <= 1 && Math.abs(dt - q.tokens) <= 1);
      return ok
        ? true
        : `quote ${JSON.stringify(q)}, applied ${dc} ¢ / ${dt} tokens (${changed.status})`;
    });
  await upgrade("quote = applied: starter → pro", climber, "pro");
  await upgrade("quote = applied: pro → elite", climber, "elite");
  await downgrade("downgrade elite → pro moves nothing", climber, "pro");
  await downgrade("downgrade pro → starter moves nothing", climber, "starter");
  await cases.run(
    "back up to pro within the paid elite period: quote 0 ¢ / 0 tokens, applied 0",
    async () => {
      const q = await quote(inst, climber, "pro");
      const before = await chargesCents(inst, climber.id);
      await changePlan(inst, climber, "pro", q.quotedAt);
      return q.chargeCents === 0 &&
        q.tokens === 0 &&
        (await chargesCents(inst, climber.id)) === before
        ? true
        : JSON.stringify(q);
    },
  );
  const late = await A.subscriber(inst, "stale-quote", "starter");
  await upgrade(
    "a 20-minute-old quotedAt is charged as of now",
    late,
    "pro",
    (q) => q.quotedAt - 20 * 60_000,
  );
  const future = await A.subscriber(inst, "future-quote", "starter");
  await upgrade(
    "a quotedAt in the future is charged as of now",
    future,
    "elite",
    (q) => q.quotedAt + 7 * 24 * 3600_000,
  );
  await cases.run("quote of a downgrade names the renewal date and 0 ¢", async () => {
    const q = (await A.get(inst, "/api/payment/plan-change-quote?newPlanId=starter", future))
      .json as Quote & { renewalDate: string | null };
    return q.chargeCents === 0 && q.tokens === 0 && q.renewalDate !== null
      ? true
      : JSON.stringify(q);
  });
  await cases.run(
    "renewal after a downgrade charges the new plan and grants its tokens",
    async () => {
      await changePlan(inst, future, "starter");
      const portal = await A.postJson(
        inst,
        "/api/payment/create-portal-session",
        { uid: future.id },
        future,
      );
      const portalId = new URL((portal.json as { url: string }).url).pathname.split("/").pop();
      const before = await chargesCents(inst, future.id);
      const renewed = await A.postForm(inst, `/sandbox/portal/${portalId}/end-period`, "", future);
      const charged = (await chargesCents(inst, future.id)) - before;
      const b = await balances(inst, future.id);
      return renewed.status === 303 && charged === 900 && b.subscriptionTokens === 100
        ? true
        : `${renewed.status}, charged ${charged}, ${JSON.stringify(b)}`;
    },
  );
  await cases.run(
    "an ended subscription: subscription tokens expire, bought tokens stay, process 403",
    async () => {
      const user = await A.subscriber(inst, "ending", "elite");
      const pack = sessionIdOf(await packCheckout(inst, user, { tokenCount: 100, amount: 9 }));
      await A.pay(inst, user, pack);
      await A.postJson(inst, "/api/payment/cancel-subscription", { uid: user.id }, user);
      const portal = await A.postJson(
        inst,
        "/api/payment/create-portal-session",
        { uid: user.id },
        user,
      );
      const portalId = new URL((portal.json as { url: string }).url).pathname.split("/").pop();
      await A.postForm(inst, `/sandbox/portal/${portalId}/end-period`, "", user);
      await sleep(5);
      const b = await balances(inst, user.id);
      const uploaded = await uploadOf(user, photo);
      const answer = await A.processImage(inst, user, uploaded);
      const after = await balances(inst, user.id);
      return b.subscriptionTokens === 0 &&
        b.numOfTokens === 100 &&
        answer.status === 403 &&
        errorOf(answer) === MSG.subscriptionExpired &&
        total(after) === total(b)
        ? true
        : `${JSON.stringify(b)}, process ${answer.status} ${errorOf(answer)}`;
    },
  );

  // ---- Platform failures are refunded on every plan. ----
  if (options.redis) {
    const redis = options.redis;
    const pro = await A.subscriber(inst, "redis-down", "pro");
    const uploaded = await uploadOf(pro, photo);
    redis.stop();
    await sleep(1500);
    await cases.run(
      "Redis down at request time: 503 at once, no token moved, no job row",
      async () => {
        const before = total(await balances(inst, pro.id));
        const answer = await A.processImage(inst, pro, uploaded);
        const after = total(await balances(inst, pro.id));
        const jobs = await jobsOf(inst, pro.id);
        return answer.status === 503 &&
          errorOf(answer) === MSG.queueUnavailable &&
          answer.ms < 5000 &&
          before === after &&
          jobs.length === 0
          ? true
          : `${answer.status} in ${answer.ms} ms, ${before} → ${after}, ${jobs.length} jobs`;
      },
    );
    redis.start();
    await waitHealthy(inst);
    // Jobs that no worker takes end at JOB_QUEUE_WAIT_LIMIT_SECONDS (60 s here), refunded.
    const waiting: { user: User; jobId: string; before: number }[] = [];
    for (const plan of ["starter", "pro"] as const) {
      const user = await A.subscriber(inst, `queue-wait-${plan}`, plan);
      const target = await uploadOf(user, photo);
      const before = total(await balances(inst, user.id));
      const answer = await A.processImage(inst, user, target);
      waiting.push({ user, jobId: (answer.json as { request_id: string }).request_id, before });
    }
    const deadline = Date.now() + 150_000;
    for (const { user, jobId, before } of waiting) {
      await cases.run(
        `job past JOB_QUEUE_WAIT_LIMIT_SECONDS refunded (${user.email.split("-")[2]})`,
        async () => {
          for (;;) {
            const [job] = (await jobsOf(inst, user.id)).filter((row) => row.id === jobId);
            if (job?.status === "failed") {
              const now = total(await balances(inst, user.id));
              return job.error === MSG.requestTimedOut && now === before
                ? true
                : `${job.error}, balance ${before} → ${now}`;
            }
            if (Date.now() > deadline) return `job still ${job?.status}`;
            await sleep(2000);
          }
        },
      );
    }
  }

  if (options.jobsRun) {
    for (const { plan, user, recordId, before } of inputFailures) {
      await cases.run(
        `no subject found (${plan}): failed with the message, refunded only on elite`,
        async () => {
          const ended = await A.waitForRecord(inst, user, recordId, 600_000);
          const after = total(await balances(inst, user.id));
          const refunded = after === before;
          const wantRefund = plan === "elite";
          return ended?.status === "failed" &&
            ended.error === MSG.noSubjectFound &&
            refunded === wantRefund
            ? true
            : `${ended?.status} "${ended?.error}", balance ${before} → ${after}`;
        },
      );
    }
    await cases.run("every paid job ends completed (spent tokens bought real images)", async () => {
      const bad = [];
      for (const { user, recordId } of tracked) {
        const ended = await A.waitForRecord(inst, user, recordId, 900_000);
        if (ended?.status !== "completed")
          bad.push(`${recordId}: ${ended?.status} ${ended?.error}`);
      }
      return bad.length === 0 ? true : bad.join("; ");
    });
  }

  // ---- The books. ----
  await cases.run("every balance equals the sum of its ledger entries", async () => {
    const mismatches = await ledgerMismatches(inst);
    return mismatches.length === 0 ? true : mismatches.join("; ");
  });
  await cases.run("no balance is negative", async () => {
    const rows = await query(
      inst,
      "select count(*) as n from user_profiles where num_of_tokens < 0 or subscription_tokens < 0",
    );
    return Number(rows[0]?.n) === 0 ? true : `${rows[0]?.n} negative`;
  });
  await cases.run("no debit is refunded twice", async () => {
    const rows = await query(
      inst,
      "select idempotency_key, count(*) as n from token_ledger where kind = 'refund' group by idempotency_key having count(*) > 1",
    );
    return rows.length === 0 ? true : `${rows.length} keys refunded twice`;
  });
}

/** A 2048 × 2048 picture cheap to encode and decode (40 tokens). */
function uniformBig() {
  return I.uniform(2048, 2048, "#7a8a9a");
}

async function waitHealthy(inst: Instance, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await request(inst.url, "/api/health")).status === 200) return;
    await sleep(500);
  }
}
