import type { Kysely } from "kysely";
import type { DatabaseDialect, DatabaseHandle } from "./database.ts";
import type { Database } from "./schema.ts";
import { type LedgerStatements, ledgerStatements } from "./token-ledger.repository.ts";

/** The subscription fields of a profile that billing writes. */
export type SubscriptionRecord = {
  subscriptionPlanId: string;
  subscriptionStatus: string | null;
  subscriptionEndDate: number | null;
  subscriptionRenewalDate: number | null;
  stripeSubscriptionId: string | null;
  syncedAt: number;
};

export type SubscriptionSync = {
  syncedAt: number | null;
  subscriptionId: string | null;
  status: string | null;
  endDate: number | null;
};

export type PeriodPlan = { periodPlanId: string | null; subscriptionPlanId: string | null };

async function readPeriodPlan(db: Kysely<Database>, userId: string): Promise<PeriodPlan> {
  const row = await db
    .selectFrom("user_profiles")
    .select(["period_plan_id", "subscription_plan_id"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return {
    periodPlanId: row?.period_plan_id ?? null,
    subscriptionPlanId: row?.subscription_plan_id ?? null,
  };
}

export type BillingStatements = ReturnType<typeof billingStatements>;

function billingStatements(trx: Kysely<Database>, dialect: DatabaseDialect) {
  return {
    ledger: ledgerStatements(trx, dialect) as LedgerStatements,

    /** True the first time an event id is seen; false for a replay. */
    async markEventProcessed(eventId: string, now: number): Promise<boolean> {
      const inserted = await trx
        .insertInto("processed_payment_events")
        .values({ event_id: eventId, created_at: now })
        .onConflict((conflict) => conflict.column("event_id").doNothing())
        .returning("event_id")
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** The mirrored subscription: which one, its status, and when it was last synced. */
    async subscriptionSync(userId: string): Promise<SubscriptionSync> {
      const row = await trx
        .selectFrom("user_profiles")
        .select([
          "subscription_synced_at",
          "stripe_subscription_id",
          "subscription_status",
          "subscription_end_date",
        ])
        .where("user_id", "=", userId)
        .executeTakeFirst();
      return {
        syncedAt: row?.subscription_synced_at == null ? null : Number(row.subscription_synced_at),
        subscriptionId: row?.stripe_subscription_id ?? null,
        status: row?.subscription_status ?? null,
        endDate: row?.subscription_end_date == null ? null : Number(row.subscription_end_date),
      };
    },

    /** The plan the running period is paid at, and the plan the profile shows now. */
    periodPlan(userId: string): Promise<PeriodPlan> {
      return readPeriodPlan(trx, userId);
    },

    /** Records the plan the running period is paid at (a new period, or a paid upgrade). */
    async setPeriodPlan(userId: string, planId: string): Promise<void> {
      await trx
        .updateTable("user_profiles")
        .set({ period_plan_id: planId })
        .where("user_id", "=", userId)
        .execute();
    },

    async setCustomer(userId: string, customerId: string, now: number): Promise<void> {
      await trx
        .updateTable("user_profiles")
        .set({ stripe_customer_id: customerId, updated_at: now })
        .where("user_id", "=", userId)
        .execute();
    },

    async setSubscription(userId: string, record: SubscriptionRecord): Promise<void> {
      await trx
        .updateTable("user_profiles")
        .set({
          subscription_plan_id: record.subscriptionPlanId,
          subscription_status: record.subscriptionStatus,
          subscription_end_date: record.subscriptionEndDate,
          subscription_renewal_date: record.subscriptionRenewalDate,
          stripe_subscription_id: record.stripeSubscriptionId,
          subscription_synced_at: record.syncedAt,
          updated_at: record.syncedAt,
        })
        .where("user_id", "=", userId)
        .execute();
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;

export function createBillingRepository({ db, dialect }: DatabaseHandle) {
  return {
    transaction<T>(work: (tx: BillingStatements) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(billingStatements(trx, dialect)));
    },

    periodPlan: (userId: string) => readPeriodPlan(db, userId),

    async findUserIdByCustomer(customerId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom("user_profiles")
        .select("user_id")
        .where("stripe_customer_id", "=", customerId)
        .executeTakeFirst();
      return row?.user_id;
    },
  };
}
