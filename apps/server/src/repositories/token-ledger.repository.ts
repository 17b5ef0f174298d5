import type { Kysely, Selectable } from "kysely";
import type { DatabaseDialect, DatabaseHandle } from "./database.ts";
import type { Database, LedgerKind, TokenLedgerTable } from "./schema.ts";

export type Balances = { numOfTokens: number; subscriptionTokens: number };

export type LedgerEntry = {
  id: string;
  userId: string;
  kind: LedgerKind;
  deltaTokens: number;
  deltaSubscriptionTokens: number;
  tokensAfter: number;
  subscriptionTokensAfter: number;
  idempotencyKey: string;
  reference: string | null;
  createdAt: number;
};

export type NewLedgerEntry = Omit<LedgerEntry, "tokensAfter" | "subscriptionTokensAfter">;

function toEntry(row: Selectable<TokenLedgerTable>): LedgerEntry {
  return {
    id: row.id,
    userId: row.user_id,
    kind: row.kind,
    deltaTokens: Number(row.delta_tokens),
    deltaSubscriptionTokens: Number(row.delta_subscription_tokens),
    tokensAfter: Number(row.tokens_after),
    subscriptionTokensAfter: Number(row.subscription_tokens_after),
    idempotencyKey: row.idempotency_key,
    reference: row.reference,
    createdAt: Number(row.created_at),
  };
}

/** The ledger's statements on one transaction. */
export type LedgerStatements = ReturnType<typeof ledgerStatements>;

export function ledgerStatements(trx: Kysely<Database>, dialect: DatabaseDialect) {
  return {
    /**
     * The user's balances, holding the row until the transaction ends on PostgreSQL, so
     * concurrent writers for one user queue up. SQLite runs one transaction at a time.
     */
    async lockBalances(userId: string): Promise<Balances | undefined> {
      const query = trx
        .selectFrom("user_profiles")
        .select(["num_of_tokens", "subscription_tokens"])
        .where("user_id", "=", userId);
      const row = await (dialect === "postgres" ? query.forUpdate() : query).executeTakeFirst();
      return row
        ? {
            numOfTokens: Number(row.num_of_tokens),
            subscriptionTokens: Number(row.subscription_tokens),
          }
        : undefined;
    },

    async findEntry(idempotencyKey: string): Promise<LedgerEntry | undefined> {
      const row = await trx
        .selectFrom("token_ledger")
        .selectAll()
        .where("idempotency_key", "=", idempotencyKey)
        .executeTakeFirst();
      return row ? toEntry(row) : undefined;
    },

    /**
     * Moves both balances by the entry's deltas and records it. The update only happens
     * while the balances cover a withdrawal, so it can never leave one below zero; false
     * means they did not.
     */
    async apply(entry: NewLedgerEntry): Promise<LedgerEntry | null> {
      const updated = await trx
        .updateTable("user_profiles")
        .set((eb) => ({
          num_of_tokens: eb("num_of_tokens", "+", entry.deltaTokens),
          subscription_tokens: eb("subscription_tokens", "+", entry.deltaSubscriptionTokens),
          updated_at: entry.createdAt,
        }))
        .where("user_id", "=", entry.userId)
        .where("num_of_tokens", ">=", -Math.min(entry.deltaTokens, 0))
        .where("subscription_tokens", ">=", -Math.min(entry.deltaSubscriptionTokens, 0))
        .returning(["num_of_tokens", "subscription_tokens"])
        .executeTakeFirst();
      if (!updated) return null;
      const row = {
        id: entry.id,
        user_id: entry.userId,
        kind: entry.kind,
        delta_tokens: entry.deltaTokens,
        delta_subscription_tokens: entry.deltaSubscriptionTokens,
        tokens_after: Number(updated.num_of_tokens),
        subscription_tokens_after: Number(updated.subscription_tokens),
        idempotency_key: entry.idempotencyKey,
        reference: entry.reference,
        created_at: entry.createdAt,
      };
      await trx.insertInto("token_ledger").values(row).execute();
      return toEntry(row);
    },
  };
}

export type TokenLedgerRepository = ReturnType<typeof createTokenLedgerRepository>;

export function createTokenLedgerRepository({ db, dialect }: DatabaseHandle) {
  return {
    transaction<T>(work: (ledger: LedgerStatements) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(ledgerStatements(trx, dialect)));
    },

    findEntry(idempotencyKey: string): Promise<LedgerEntry | undefined> {
      return ledgerStatements(db, dialect).findEntry(idempotencyKey);
    },

    async listForUser(userId: string): Promise<LedgerEntry[]> {
      const rows = await db
        .selectFrom("token_ledger")
        .selectAll()
        .where("user_id", "=", userId)
        .orderBy("created_at")
        .orderBy("id")
        .execute();
      return rows.map(toEntry);
    },

    /** What the ledger says the balances are. */
    async sums(userId: string): Promise<Balances> {
      const row = await db
        .selectFrom("token_ledger")
        .select((eb) => [
          eb.fn.coalesce(eb.fn.sum<number>("delta_tokens"), eb.lit(0)).as("tokens"),
          eb.fn.coalesce(eb.fn.sum<number>("delta_subscription_tokens"), eb.lit(0)).as("sub"),
        ])
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow();
      return { numOfTokens: Number(row.tokens), subscriptionTokens: Number(row.sub) };
    },
  };
}

/** A unique-key violation on either database: a concurrent writer used the same key. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
}
