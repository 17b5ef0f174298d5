import { beforeEach, describe, expect, it } from "vitest";
import type { Clock } from "../src/lib/clock.ts";
import { createTokenLedgerRepository } from "../src/repositories/token-ledger.repository.ts";
import {
  createTokenLedgerService,
  InsufficientTokensError,
  LedgerError,
  type TokenLedgerService,
} from "../src/services/token-ledger.service.ts";
import { describeEachDatabase, type TestDatabase } from "./helpers/databases.ts";
import { insertUser } from "./helpers/users.ts";

const clock: Clock = { now: () => Date.now() };

/** A small seeded generator, so a failing run can be repeated with its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

async function balancesOf(database: TestDatabase, userId: string) {
  const row = await database
    .handle()
    .db.selectFrom("user_profiles")
    .select(["num_of_tokens", "subscription_tokens"])
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return {
    numOfTokens: Number(row.num_of_tokens),
    subscriptionTokens: Number(row.subscription_tokens),
  };
}

describeEachDatabase("token ledger", (database) => {
  let ledger: TokenLedgerService;
  let repository: ReturnType<typeof createTokenLedgerRepository>;

  beforeEach(async () => {
    repository = createTokenLedgerRepository(database.handle());
    ledger = createTokenLedgerService({ repository, clock });
    await insertUser(database.handle(), "ada", { numOfTokens: 0, subscriptionTokens: 0 });
  });

  describe("operations", () => {
    it("spends monthly tokens first, then purchased ones", async () => {
      await ledger.grant("ada", 10, "grant-1");
      await ledger.credit("ada", 20, "pack-1");
      const { entry } = await ledger.debit("ada", 16, "job-1");
      expect(entry).toMatchObject({ deltaSubscriptionTokens: -10, deltaTokens: -6 });
      expect(await balancesOf(database, "ada")).toEqual({ numOfTokens: 14, subscriptionTokens: 0 });
    });

    it("refuses a debit the balances do not cover, and changes nothing", async () => {
      await ledger.credit("ada", 5, "pack-1");
      await expect(ledger.debit("ada", 8, "job-1")).rejects.toBeInstanceOf(InsufficientTokensError);
      expect(await balancesOf(database, "ada")).toEqual({ numOfTokens: 5, subscriptionTokens: 0 });
      expect(await repository.findEntry("job-1")).toBeUndefined();
    });

    it("answers a replayed key with the first result and changes nothing", async () => {
      await ledger.credit("ada", 50, "pack-1");
      const first = await ledger.debit("ada", 8, "job-1");
      const again = await ledger.debit("ada", 40, "job-1");
      expect(again).toEqual({ entry: first.entry, replayed: true });
      expect((await ledger.credit("ada", 50, "pack-1")).replayed).toBe(true);
      expect(await balancesOf(database, "ada")).toEqual({ numOfTokens: 42, subscriptionTokens: 0 });
    });

    it("grants by setting the monthly tokens, recording the difference", async () => {
      await ledger.grant("ada", 160, "inv-1");
      await ledger.debit("ada", 60, "job-1");
      const { entry } = await ledger.grant("ada", 160, "inv-2");
      expect(entry.deltaSubscriptionTokens).toBe(60);
      expect(await balancesOf(database, "ada")).toEqual({
        numOfTokens: 0,
        subscriptionTokens: 160,
      });
    });

    it("adjusts monthly tokens by a delta but never below zero", async () => {
      await ledger.grant("ada", 30, "inv-1");
      expect((await ledger.adjust("ada", 20, "change-1")).entry.deltaSubscriptionTokens).toBe(20);
      expect((await ledger.adjust("ada", -80, "change-2")).entry.deltaSubscriptionTokens).toBe(-50);
      expect(await balancesOf(database, "ada")).toEqual({ numOfTokens: 0, subscriptionTokens: 0 });
    });

    it("refunds a debit's exact split once", async () => {
      await ledger.grant("ada", 4, "inv-1");
      await ledger.credit("ada", 10, "pack-1");
      await ledger.debit("ada", 8, "job-1");
      const refund = await ledger.refund("ada", "job-1");
      expect(refund.entry).toMatchObject({ deltaSubscriptionTokens: 4, deltaTokens: 4 });
      expect((await ledger.refund("ada", "job-1")).replayed).toBe(true);
      expect(await balancesOf(database, "ada")).toEqual({ numOfTokens: 10, subscriptionTokens: 4 });
    });

    it("refuses to refund what was not a debit of this user", async () => {
      await ledger.credit("ada", 10, "pack-1");
      await expect(ledger.refund("ada", "pack-1")).rejects.toBeInstanceOf(LedgerError);
      await expect(ledger.refund("ada", "nothing")).rejects.toBeInstanceOf(LedgerError);
    });

    it("refuses fractional and negative amounts", async () => {
      await expect(ledger.credit("ada", 1.5, "k1")).rejects.toBeInstanceOf(LedgerError);
      await expect(ledger.debit("ada", -3, "k2")).rejects.toBeInstanceOf(LedgerError);
    });

    it("lets the database refuse any write that would take a balance below zero", async () => {
      const write = database
        .handle()
        .db.updateTable("user_profiles")
        .set({ num_of_tokens: -1 })
        .where("user_id", "=", "ada")
        .execute();
      await expect(write).rejects.toThrow();
    });
  });

  it("keeps balances equal to the ledger's sums and never below zero under concurrent writes", async () => {
    const seed = Number(process.env.LEDGER_SEED ?? Date.now() % 1_000_000);
    const rng = random(seed);
    const users = ["ada", "bob", "cy"];
    await insertUser(database.handle(), "bob");
    await insertUser(database.handle(), "cy");
    const succeededDebits: { user: string; key: string }[] = [];
    const succeededKeys: { op: () => Promise<unknown>; key: string }[] = [];
    let refused = 0;
    let operations = 0;
    const started = performance.now();

    const BATCHES = 60;
    const BATCH_SIZE = 50;
    for (let batch = 0; batch < BATCHES; batch += 1) {
      const work = Array.from({ length: BATCH_SIZE }, (_, index) => {
        const user = users[rng.int(0, users.length - 1)] ?? "ada";
        const key = `${batch}-${index}`;
        const roll = rng.next();
        let op: () => Promise<unknown>;
        if (roll < 0.55) {
          const cost = rng.int(1, 90);
          op = async () => {
            await ledger.debit(user, cost, `debit-${key}`);
            succeededDebits.push({ user, key: `debit-${key}` });
          };
        } else if (roll < 0.75) {
          const tokens = rng.int(1, 60);
          op = () => ledger.credit(user, tokens, `credit-${key}`);
        } else if (roll < 0.82) {
          const amount = rng.int(0, 275);
          op = () => ledger.grant(user, amount, `grant-${key}`);
        } else if (roll < 0.88) {
          const delta = rng.int(-100, 100);
          op = () => ledger.adjust(user, delta, `adjust-${key}`);
        } else if (roll < 0.95 && succeededDebits.length > 0) {
          const debit = succeededDebits[rng.int(0, succeededDebits.length - 1)];
          if (!debit) throw new Error("no debit");
          op = () => ledger.refund(debit.user, debit.key);
        } else {
          const earlier = succeededKeys[rng.int(0, Math.max(0, succeededKeys.length - 1))];
          op = earlier ? earlier.op : () => ledger.credit(user, 1, `credit-${key}`);
        }
        return async () => {
          operations += 1;
          try {
            await op();
            succeededKeys.push({ op, key });
          } catch (error) {
            if (!(error instanceof InsufficientTokensError)) throw error;
            refused += 1;
          }
        };
      });
      // The same keys again within the batch, so writers of one key truly race.
      const twins = Array.from({ length: 5 }, () => work[rng.int(0, work.length - 1)]);
      await Promise.all([...work, ...twins].map((run) => run?.()));
    }
    const elapsed = performance.now() - started;

    for (const user of users) {
      const balances = await balancesOf(database, user);
      expect(balances, `seed ${seed}`).toEqual(await repository.sums(user));
      for (const entry of await repository.listForUser(user)) {
        expect(entry.tokensAfter).toBeGreaterThanOrEqual(0);
        expect(entry.subscriptionTokensAfter).toBeGreaterThanOrEqual(0);
      }
    }

    const before = await Promise.all(users.map((user) => balancesOf(database, user)));
    const replays = succeededKeys.slice(0, 200);
    await Promise.all(replays.map(({ op }) => op()));
    expect(await Promise.all(users.map((user) => balancesOf(database, user)))).toEqual(before);

    console.info(
      `ledger property (${database.label}, seed ${seed}): ${operations} concurrent operations ` +
        `in batches of ${BATCH_SIZE}, ${refused} refused as short, ${Math.round(elapsed)} ms`,
    );
    expect(operations).toBe(BATCHES * (BATCH_SIZE + 5));
  }, 60_000);
});
