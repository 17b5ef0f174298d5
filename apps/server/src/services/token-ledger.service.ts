import { randomUUID } from "node:crypto";
import type { Clock } from "../lib/clock.ts";
import type { LedgerKind } from "../repositories/schema.ts";
import {
  isUniqueViolation,
  type LedgerEntry,
  type LedgerStatements,
  type TokenLedgerRepository,
} from "../repositories/token-ledger.repository.ts";

/** The balances do not cover the cost; nothing was taken. */
export class InsufficientTokensError extends Error {
  override name = "InsufficientTokensError";
  constructor(
    readonly needed: number,
    readonly available: number,
  ) {
    super(`Needs ${needed} tokens, has ${available}`);
  }
}

export class LedgerError extends Error {
  override name = "LedgerError";
}

/** The entry an operation wrote, or found when its key had been used before. */
export type LedgerResult = { entry: LedgerEntry; replayed: boolean };

type Change = (balances: { numOfTokens: number; subscriptionTokens: number }) => {
  deltaTokens: number;
  deltaSubscriptionTokens: number;
};

/** The ledger's operations on one open transaction; billing runs them beside its own writes. */
export type LedgerOperations = {
  /** Takes subscription tokens first, then purchased ones; refuses when the total is short. */
  debit(userId: string, cost: number, key: string, reference?: string): Promise<LedgerResult>;
  /** Adds purchased tokens, which never lapse. */
  credit(userId: string, tokens: number, key: string, reference?: string): Promise<LedgerResult>;
  /** Sets the monthly tokens to `amount`: the month's unused tokens lapse. */
  grant(userId: string, amount: number, key: string, reference?: string): Promise<LedgerResult>;
  /** Moves the monthly tokens by `delta`, stopping at zero. */
  adjust(userId: string, delta: number, key: string, reference?: string): Promise<LedgerResult>;
  /** Gives back exactly what the debit with `debitKey` took, from the bucket it took it. */
  refund(userId: string, debitKey: string, reference?: string): Promise<LedgerResult>;
};

export type TokenLedgerService = LedgerOperations & {
  /** The same operations inside a transaction someone else opened. */
  within(ledger: LedgerStatements): LedgerOperations;
};

export function refundKey(debitKey: string): string {
  return `refund:${debitKey}`;
}

function assertWholeTokens(value: number, allowNegative = false): void {
  if (!Number.isSafeInteger(value) || (!allowNegative && value < 0)) {
    throw new LedgerError(`Token amounts must be whole numbers, got ${value}`);
  }
}

export function createTokenLedgerService({
  repository,
  clock,
}: {
  repository: TokenLedgerRepository;
  clock: Clock;
}): TokenLedgerService {
  function operations(ledger: LedgerStatements): LedgerOperations {
    async function record(
      kind: LedgerKind,
      userId: string,
      key: string,
      reference: string | undefined,
      change: Change,
    ): Promise<LedgerResult> {
      // The lock comes first, so a concurrent writer of the same key has committed by now.
      const balances = await ledger.lockBalances(userId);
      if (!balances) throw new LedgerError(`User ${userId} has no profile`);
      const earlier = await ledger.findEntry(key);
      if (earlier) return { entry: earlier, replayed: true };
      const { deltaTokens, deltaSubscriptionTokens } = change(balances);
      const entry = await ledger.apply({
        id: randomUUID(),
        userId,
        kind,
        // `+ 0` turns a negated zero into a plain one.
        deltaTokens: deltaTokens + 0,
        deltaSubscriptionTokens: deltaSubscriptionTokens + 0,
        idempotencyKey: key,
        reference: reference ?? null,
        createdAt: clock.now(),
      });
      if (!entry) throw new LedgerError(`The balances of ${userId} changed under a locked row`);
      return { entry, replayed: false };
    }

    return {
      debit(userId, cost, key, reference) {
        assertWholeTokens(cost);
        return record("debit", userId, key, reference, ({ numOfTokens, subscriptionTokens }) => {
          if (numOfTokens + subscriptionTokens < cost) {
            throw new InsufficientTokensError(cost, numOfTokens + subscriptionTokens);
          }
          const fromSubscription = Math.min(subscriptionTokens, cost);
          return {
            deltaSubscriptionTokens: -fromSubscription,
            deltaTokens: fromSubscription - cost,
          };
        });
      },

      credit(userId, tokens, key, reference) {
        assertWholeTokens(tokens);
        return record("credit", userId, key, reference, () => ({
          deltaTokens: tokens,
          deltaSubscriptionTokens: 0,
        }));
      },

      grant(userId, amount, key, reference) {
        assertWholeTokens(amount);
        return record("grant", userId, key, reference, ({ subscriptionTokens }) => ({
          deltaTokens: 0,
          deltaSubscriptionTokens: amount - subscriptionTokens,
        }));
      },

      adjust(userId, delta, key, reference) {
        assertWholeTokens(delta, true);
        return record("prorate", userId, key, reference, ({ subscriptionTokens }) => ({
          deltaTokens: 0,
          deltaSubscriptionTokens: Math.max(delta, -subscriptionTokens),
        }));
      },

      async refund(userId, debitKey, reference) {
        const debit = await ledger.findEntry(debitKey);
        if (debit?.kind !== "debit" || debit.userId !== userId) {
          throw new LedgerError(`No debit ${debitKey} of user ${userId} to refund`);
        }
        return record("refund", userId, refundKey(debitKey), reference ?? debitKey, () => ({
          deltaTokens: -debit.deltaTokens,
          deltaSubscriptionTokens: -debit.deltaSubscriptionTokens,
        }));
      },
    };
  }

  /** One transaction per operation; a lost race on the key answers as a replay. */
  function standalone<A extends unknown[]>(
    run: (ops: LedgerOperations, ...args: A) => Promise<LedgerResult>,
    keyOf: (...args: A) => string,
  ) {
    return async (...args: A): Promise<LedgerResult> => {
      try {
        return await repository.transaction((ledger) => run(operations(ledger), ...args));
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const entry = await repository.findEntry(keyOf(...args));
        if (!entry) throw error;
        return { entry, replayed: true };
      }
    };
  }

  const byKey = (_user: string, _amount: number, key: string) => key;
  return {
    debit: standalone(
      (ops, ...args: Parameters<LedgerOperations["debit"]>) => ops.debit(...args),
      byKey,
    ),
    credit: standalone(
      (ops, ...args: Parameters<LedgerOperations["credit"]>) => ops.credit(...args),
      byKey,
    ),
    grant: standalone(
      (ops, ...args: Parameters<LedgerOperations["grant"]>) => ops.grant(...args),
      byKey,
    ),
    adjust: standalone(
      (ops, ...args: Parameters<LedgerOperations["adjust"]>) => ops.adjust(...args),
      byKey,
    ),
    refund: standalone(
      (ops, ...args: Parameters<LedgerOperations["refund"]>) => ops.refund(...args),
      (_user: string, debitKey: string) => refundKey(debitKey),
    ),
    within: operations,
  };
}
