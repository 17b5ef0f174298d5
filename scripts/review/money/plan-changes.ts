/**
 * The F2 cycle gives at most one elite month's tokens for $24; quotes are what is applied;
 * downgrades move nothing; renewal is at the new plan's price.
 */
import type { Plan, User } from "../lib/actors.ts";
import * as A from "../lib/actors.ts";
import { balances, chargesCents, ledgerOf, total } from "../lib/db.ts";
import { errorOf, sleep } from "../lib/http.ts";
import * as I from "../lib/images.ts";
import { packCheckout, portalIdOf, sessionIdOf } from "../lib/payments.ts";
import {
  account,
  changePlan,
  type Money,
  MSG,
  planTokensGranted,
  type Quote,
  quote,
  wallet,
} from "./common.ts";

/** The plan changes the cases make, each checked against its quote. */
function planMoves(m: Money) {
  const { inst, cases } = m;
  /** An upgrade charges and grants the quote (`also`: more the quote must meet). */
  const upgrade = async (
    name: string,
    user: User,
    to: Plan,
    quotedAt?: (q: Quote) => number | undefined,
    also: (q: Quote) => boolean = () => true,
  ) =>
    cases.run(name, async () => {
      const q = await quote(inst, user, to);
      const before = await wallet(inst, user);
      const stamp = quotedAt ? quotedAt(q) : q.quotedAt;
      const changed = await changePlan(inst, user, to, stamp);
      const after = await wallet(inst, user);
      const dc = after.c - before.c;
      const dt = after.b - before.b;
      // A stale or future quotedAt is charged as of now: within a cent and a token of the quote.
      const exact = stamp === q.quotedAt;
      const ok =
        changed.status === 200 &&
        (exact
          ? dc === q.chargeCents && dt === q.tokens
          : Math.abs(dc - q.chargeCents) <= 1 && Math.abs(dt - q.tokens) <= 1) &&
        also(q);
      return ok
        ? true
        : `quote ${JSON.stringify(q)}, applied ${dc} ¢ / ${dt} tokens (${changed.status})`;
    });
  /** A downgrade costs and credits nothing. */
  const downgrade = async (name: string, user: User, to: Plan) =>
    cases.run(name, async () => {
      const q = await quote(inst, user, to);
      const before = await account(inst, user);
      const changed = await changePlan(inst, user, to, q.quotedAt);
      const after = await account(inst, user);
      return changed.status === 200 &&
        q.chargeCents === 0 &&
        q.tokens === 0 &&
        JSON.stringify(before) === JSON.stringify(after)
        ? true
        : `quote ${JSON.stringify(q)}, ${changed.status}, ${JSON.stringify(before)} → ${JSON.stringify(after)}`;
    });
  return { upgrade, downgrade };
}

/** The F2 cycle: starter → elite → spend → starter → elite → spend → starter. */
export async function f2Cycle(m: Money): Promise<void> {
  const { inst, cases, uploadOf } = m;
  const { upgrade, downgrade } = planMoves(m);
  const cycler = await A.subscriber(inst, "f2-cycle", "starter");
  const spendPhoto = await I.fourMegapixels();
  const spend = async (user: User, count: number) => {
    const answers = [];
    for (let i = 0; i < count; i++) {
      const uploaded = await uploadOf(user, spendPhoto);
      const answer = await A.processImage(inst, user, uploaded);
      if (answer.status === 200)
        m.tracked.push({ user, recordId: uploaded.recordId, expect: "completed" });
      answers.push(answer.status);
    }
    return answers;
  };
  await upgrade(
    "F2: starter → elite charges and grants exactly the quote",
    cycler,
    "elite",
    undefined,
    (q) => q.chargeCents > 1490 && q.tokens >= 174,
  );
  await cases.run("F2: spend 240 tokens (six 2048×2048 generations)", async () => {
    const statuses = await spend(cycler, 6);
    const left = total(await balances(inst, cycler.id));
    return statuses.every((s) => s === 200) && left <= 35 ? true : `${statuses}, left ${left}`;
  });
  await downgrade("F2: elite → starter costs and credits nothing", cycler, "starter");
  await cases.run(
    "F2: starter → elite again (already paid this period): free and no tokens",
    async () => {
      const q = await quote(inst, cycler, "elite");
      const before = await wallet(inst, cycler);
      const changed = await changePlan(inst, cycler, "elite", q.quotedAt);
      const after = await wallet(inst, cycler);
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
}

/** Quotes equal what is applied; downgrades are free; renewal at the new price. */
export async function quotes(m: Money): Promise<void> {
  const { inst, cases } = m;
  const { upgrade, downgrade } = planMoves(m);
  const climber = await A.subscriber(inst, "climber", "starter");
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
      const portalId = await portalIdOf(inst, future);
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
      const portalId = await portalIdOf(inst, user);
      await A.postForm(inst, `/sandbox/portal/${portalId}/end-period`, "", user);
      await sleep(5);
      const b = await balances(inst, user.id);
      const uploaded = await m.uploadOf(user, m.photo);
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
}
