import { randomUUID } from "node:crypto";
import {
  findTokenPack,
  PAID_PLAN_IDS,
  PLAN_LIST,
  type Plan,
  TOKEN_PACKS,
  type TPaidPlanId,
} from "@backdrop/shared";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SandboxError } from "../src/payments/sandbox/sandbox.provider.ts";
import type { LedgerEntry } from "../src/repositories/token-ledger.repository.ts";
import { BillingError } from "../src/services/billing.service.ts";
import type { SessionUser } from "../src/services/session-user.ts";
import { InsufficientTokensError } from "../src/services/token-ledger.service.ts";
import { describeEachDatabase, type TestDatabase } from "./helpers/databases.ts";
import { sandboxApp, stripeApp } from "./helpers/payment-drivers.ts";
import type { createTestApp } from "./helpers/test-app.ts";
import { createStripeEmulator } from "./stripe-emulator/stripe-emulator.ts";
import { PRICES } from "./stripe-emulator/test-config.ts";

const DAY = 24 * 60 * 60 * 1000;

/** The plan whose money buys the most tokens: the most generous reading of "paid for". */
const BEST: Plan = PLAN_LIST.reduce((best, plan) =>
  plan.tokensPerMonth * best.priceCents > best.tokensPerMonth * plan.priceCents ? plan : best,
);

type Op =
  | { type: "subscribe"; plan: TPaidPlanId }
  | { type: "change"; plan: TPaidPlanId }
  | { type: "spend"; share: number }
  | { type: "cancel" }
  | { type: "reactivate" }
  | { type: "wait"; days: number }
  | { type: "period-end" }
  | { type: "pack"; tokens: number };

const plan = fc.constantFrom(...PAID_PLAN_IDS);
const operation: fc.Arbitrary<Op> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ type: fc.constant("subscribe" as const), plan }) },
  { weight: 5, arbitrary: fc.record({ type: fc.constant("change" as const), plan }) },
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant("spend" as const),
      // Whole percents: doubles would lean towards values too tiny to spend anything.
      share: fc.integer({ min: 0, max: 120 }).map((percent) => percent / 100),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ type: "cancel" as const }) },
  { weight: 1, arbitrary: fc.constant({ type: "reactivate" as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant("wait" as const),
      days: fc.integer({ min: 0, max: 20 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ type: "period-end" as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant("pack" as const),
      tokens: fc.constantFrom(...TOKEN_PACKS.map((pack) => pack.tokens)),
    }),
  },
);
/** The review's reproduction (F2): upgrade, spend, downgrade, twice over. */
const REVIEW_SEQUENCE: Op[] = [
  { type: "subscribe", plan: "starter" },
  { type: "change", plan: "elite" },
  { type: "spend", share: 0.9 },
  { type: "change", plan: "starter" },
  { type: "change", plan: "elite" },
  { type: "spend", share: 0.9 },
  { type: "change", plan: "starter" },
];

const EXAMPLES: [Op[]][] = process.env.PROPERTY_NO_EXAMPLES ? [] : [[REVIEW_SEQUENCE]];

/** Every sequence starts with a subscription, so most of it has something to change. */
const sequence = fc
  .tuple(plan, fc.array(operation, { minLength: 1, maxLength: 14 }))
  .map(([first, rest]): Op[] => [{ type: "subscribe", plan: first }, ...rest]);

/** What a provider does that the rest of the harness cannot do through the billing service. */
type ProviderSide = {
  runs: number;
  app: ReturnType<typeof createTestApp>;
  /** Everything the user has paid by card so far, in cents. */
  money(user: SessionUser): Promise<number>;
  /** Pays an open checkout as the user would on the provider's page. */
  pay(user: SessionUser, sessionId: string): Promise<void>;
  /** The provider's clock ends the user's running period. */
  endPeriod(user: SessionUser): Promise<void>;
  /** After each call: the provider's webhooks reach the app. */
  settle(): Promise<void>;
};

/** One billing period as seen from outside: what was granted, and what was paid for it. */
type Period = { granted: number; paidCents: number };

function assertPaidFor(period: Period, trail: string) {
  // granted / paid ≤ BEST's tokens / price, in whole numbers.
  expect(
    period.granted * BEST.priceCents,
    `${period.granted} tokens for ${period.paidCents} cents\n${trail}`,
  ).toBeLessThanOrEqual(period.paidCents * BEST.tokensPerMonth);
}

let clockOffset = 0;
const clock = { now: () => Date.now() + clockOffset };

async function insertUser(database: TestDatabase, app: ReturnType<typeof createTestApp>) {
  const id = randomUUID();
  const email = `${id}@property.test`;
  const { db, dialect } = database.handle();
  const verified = dialect === "postgres" ? sql`true` : sql`1`;
  const stamp = dialect === "postgres" ? sql`now()` : sql`${new Date().toISOString()}`;
  await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
    values (${id}, 'Prop', ${email}, ${verified}, ${stamp}, ${stamp})`.execute(db);
  await app.container.repositories.userProfiles.insertIfMissing({
    userId: id,
    name: "Prop",
    provider: "email",
    now: clock.now(),
  });
  return { id, email, name: "Prop", emailVerified: true } satisfies SessionUser;
}

/** Runs one sequence and checks every period against what was paid for it. */
async function runSequence(side: ProviderSide, database: TestDatabase, ops: Op[]) {
  const { app } = side;
  const { billing, tokenLedger } = app.container.services;
  const ledger = app.container.repositories.tokenLedger;
  const user = await insertUser(database, app);
  const seen = new Set<string>();
  let period: Period | null = null;
  const trail: string[] = [];

  const newEntries = async (): Promise<LedgerEntry[]> => {
    const entries = await ledger.listForUser(user.id);
    const fresh = entries.filter((entry) => !seen.has(entry.id));
    for (const entry of fresh) seen.add(entry.id);
    return fresh;
  };

  for (const op of ops) {
    trail.push(JSON.stringify(op));
    const moneyBefore = await side.money(user);
    let packCredited = 0;
    try {
      switch (op.type) {
        case "subscribe": {
          const session = await billing.createSubscription(user, op.plan);
          await side.pay(user, session.sessionId);
          break;
        }
        case "change":
          await billing.updateSubscription(user, op.plan);
          break;
        case "spend": {
          const profile = await app.container.repositories.userProfiles.find(user.id);
          const balance = (profile?.numOfTokens ?? 0) + (profile?.subscriptionTokens ?? 0);
          const cost = Math.floor(balance * op.share);
          if (cost > 0) await tokenLedger.debit(user.id, cost, `spend:${randomUUID()}`);
          break;
        }
        case "cancel":
          await billing.cancelSubscription(user);
          break;
        case "reactivate":
          await billing.reactivateSubscription(user);
          break;
        case "wait":
          clockOffset += op.days * DAY;
          break;
        case "period-end":
          await side.endPeriod(user);
          break;
        case "pack": {
          const pack = findTokenPack(op.tokens);
          if (!pack) break;
          const session = await billing.createTokenCheckout(
            user,
            pack.tokens,
            pack.priceCents / 100,
          );
          await side.pay(user, session.sessionId);
          break;
        }
      }
    } catch (error) {
      // What the product refuses (no subscription, same plan, not elite…) changes nothing.
      const refused = [BillingError, InsufficientTokensError, SandboxError];
      if (!refused.some((kind) => error instanceof kind)) throw error;
    }
    await side.settle();

    for (const entry of await newEntries()) {
      const key = entry.idempotencyKey;
      if (entry.kind === "grant" && key.startsWith("invoice:")) {
        if (period) assertPaidFor(period, trail.join("\n"));
        period = { granted: entry.subscriptionTokensAfter, paidCents: 0 };
      } else if (entry.kind === "grant") {
        // The subscription ended: its tokens lapse and no period runs.
        if (period) assertPaidFor(period, trail.join("\n"));
        period = null;
      } else if (entry.kind === "prorate") {
        expect(period, `tokens moved outside a period\n${trail.join("\n")}`).not.toBeNull();
        if (period) period.granted += entry.deltaSubscriptionTokens;
      } else if (entry.kind === "credit") {
        packCredited += entry.deltaTokens;
      }
    }
    const paid = (await side.money(user)) - moneyBefore;
    if (op.type === "pack") {
      // A pack is paid and credited at the catalogue's figures, or not at all.
      const pack = findTokenPack(op.tokens);
      expect([0, pack?.priceCents]).toContain(paid);
      expect(packCredited).toBe(paid === 0 ? 0 : pack?.tokens);
    } else {
      expect(packCredited).toBe(0);
      if (paid !== 0) {
        expect(period, `money taken outside a period\n${trail.join("\n")}`).not.toBeNull();
        if (period) period.paidCents += paid;
      }
    }
  }
  if (period) assertPaidFor(period, trail.join("\n"));

  const profile = await app.container.repositories.userProfiles.find(user.id);
  expect(profile?.numOfTokens).toBeGreaterThanOrEqual(0);
  expect(profile?.subscriptionTokens).toBeGreaterThanOrEqual(0);
  expect(await ledger.sums(user.id)).toEqual({
    numOfTokens: profile?.numOfTokens,
    subscriptionTokens: profile?.subscriptionTokens,
  });
}

function sandboxSide(database: TestDatabase): ProviderSide {
  const { t: app, sandbox } = sandboxApp(database.handle(), clock);
  return {
    runs: Number(process.env.PROPERTY_RUNS ?? (database.label === "SQLite" ? 1500 : 600)),
    app,
    async money(user) {
      const charges = await sandbox.chargesOf(user.id);
      return charges.reduce((sum, charge) => sum + charge.amountCents, 0);
    },
    async pay(_user, sessionId) {
      await sandbox.pay(sessionId);
    },
    endPeriod: (user) => sandbox.endPeriod(user.id),
    async settle() {},
  };
}

function stripeSide(
  database: TestDatabase,
  emulator: ReturnType<typeof createStripeEmulator>,
): ProviderSide {
  const { t: app, deliverAll } = stripeApp(database.handle(), clock, emulator);
  const profiles = app.container.repositories.userProfiles;
  return {
    runs: Number(process.env.PROPERTY_RUNS ?? (database.label === "SQLite" ? 250 : 120)),
    app,
    async money(user) {
      const customer = (await profiles.find(user.id))?.stripeCustomerId;
      return customer ? emulator.cardChargesOf(customer) : 0;
    },
    async pay(_user, sessionId) {
      await deliverAll(emulator.completeCheckout(sessionId));
    },
    async endPeriod(user) {
      const profile = await profiles.find(user.id);
      const id = profile?.stripeSubscriptionId;
      const running =
        profile?.subscriptionStatus === "active" || profile?.subscriptionStatus === "canceling";
      if (!id || !running) return;
      const item = emulator.subscription(id)?.items.data[0];
      // Time passes until the period's end, as it would before Stripe renews.
      if (item) clockOffset = Math.max(clockOffset, item.current_period_end * 1000 - Date.now());
      await deliverAll(emulator.advancePeriod(id));
    },
    settle: async () => deliverAll(emulator.takeEvents()),
  };
}

describeEachDatabase("plan changes never mint tokens", (database) => {
  const emulator = createStripeEmulator({ prices: PRICES, now: clock.now });
  beforeAll(() => emulator.start());
  afterAll(() => emulator.close());

  const sides: [string, () => ProviderSide][] = [
    ["sandbox", () => sandboxSide(database)],
    ["Stripe", () => stripeSide(database, emulator)],
  ];
  for (const [label, makeSide] of sides) {
    it(`${label}: no period gets more tokens than its money buys, over random sequences`, async () => {
      const side = makeSide();
      try {
        await fc.assert(
          fc.asyncProperty(sequence, (ops) => runSequence(side, database, ops)),
          { numRuns: side.runs, seed: 20261124, examples: EXAMPLES },
        );
      } finally {
        await side.app.container.close();
      }
    }, 600_000);
  }
});

describe("the best plan's rate", () => {
  it("is elite's, the plan with the most tokens per cent", () => {
    expect(BEST.id).toBe("elite");
  });
});
