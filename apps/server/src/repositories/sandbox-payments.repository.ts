import type { Kysely, Selectable } from "kysely";
import type {
  Database,
  SandboxChargesTable,
  SandboxCheckoutSessionsTable,
  SandboxSubscriptionsTable,
} from "./schema.ts";
import { isUniqueViolation } from "./token-ledger.repository.ts";

/** An amount the sandbox charged (positive) or credited (negative). */
export type SandboxCharge = {
  id: string;
  userId: string;
  kind: SandboxChargesTable["kind"];
  amountCents: number;
  reference: string;
  createdAt: number;
};

/** The user already has a running subscription: the database refused a second one. */
export class AlreadySubscribedError extends Error {
  override name = "AlreadySubscribedError";
}

export type SandboxCheckout = {
  id: string;
  userId: string;
  kind: "subscription" | "token_pack";
  planId: string | null;
  tokenCount: number | null;
  amountCents: number;
  status: "open" | "complete" | "expired";
  createdAt: number;
};

export type SandboxSubscription = {
  id: string;
  userId: string;
  planId: string;
  status: "active" | "canceled";
  cancelAtPeriodEnd: boolean;
  periodStart: number;
  periodEnd: number;
};

function toCheckout(row: Selectable<SandboxCheckoutSessionsTable>): SandboxCheckout {
  return {
    id: row.id,
    userId: row.user_id,
    kind: row.kind,
    planId: row.plan_id,
    tokenCount: row.token_count === null ? null : Number(row.token_count),
    amountCents: Number(row.amount_cents),
    status: row.status,
    createdAt: Number(row.created_at),
  };
}

function toSubscription(row: Selectable<SandboxSubscriptionsTable>): SandboxSubscription {
  return {
    id: row.id,
    userId: row.user_id,
    planId: row.plan_id,
    status: row.status,
    cancelAtPeriodEnd: Number(row.cancel_at_period_end) === 1,
    periodStart: Number(row.period_start),
    periodEnd: Number(row.period_end),
  };
}

async function insertSubscription(
  db: Kysely<Database>,
  subscription: SandboxSubscription,
  now: number,
): Promise<void> {
  await db
    .insertInto("sandbox_subscriptions")
    .values({
      id: subscription.id,
      user_id: subscription.userId,
      plan_id: subscription.planId,
      status: subscription.status,
      cancel_at_period_end: subscription.cancelAtPeriodEnd ? 1 : 0,
      period_start: subscription.periodStart,
      period_end: subscription.periodEnd,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export type SandboxPaymentsRepository = ReturnType<typeof createSandboxPaymentsRepository>;

/** The sandbox provider's own records: what Stripe would keep on its side. */
export function createSandboxPaymentsRepository(db: Kysely<Database>) {
  return {
    async insertCheckout(checkout: SandboxCheckout): Promise<void> {
      await db
        .insertInto("sandbox_checkout_sessions")
        .values({
          id: checkout.id,
          user_id: checkout.userId,
          kind: checkout.kind,
          plan_id: checkout.planId,
          token_count: checkout.tokenCount,
          amount_cents: checkout.amountCents,
          status: checkout.status,
          created_at: checkout.createdAt,
        })
        .execute();
    },

    async findCheckout(id: string): Promise<SandboxCheckout | undefined> {
      const row = await db
        .selectFrom("sandbox_checkout_sessions")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirst();
      return row ? toCheckout(row) : undefined;
    },

    /** Moves an open checkout to `status`; false when it was no longer open. */
    async closeCheckout(id: string, status: "complete" | "expired", now: number): Promise<boolean> {
      const result = await db
        .updateTable("sandbox_checkout_sessions")
        .set({ status, completed_at: now })
        .where("id", "=", id)
        .where("status", "=", "open")
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async insertPortalSession(id: string, userId: string, now: number): Promise<void> {
      await db
        .insertInto("sandbox_portal_sessions")
        .values({ id, user_id: userId, created_at: now })
        .execute();
    },

    async findPortalOwner(id: string): Promise<string | undefined> {
      const row = await db
        .selectFrom("sandbox_portal_sessions")
        .select("user_id")
        .where("id", "=", id)
        .executeTakeFirst();
      return row?.user_id;
    },

    /**
     * Completes an open subscription checkout and starts its subscription, together: false when
     * the checkout was no longer open; AlreadySubscribedError (the checkout stays open) when
     * the user has a running subscription, which a unique index guarantees under any race.
     */
    async subscribeFromCheckout(
      checkoutId: string,
      subscription: SandboxSubscription,
      now: number,
    ): Promise<boolean> {
      try {
        return await db.transaction().execute(async (trx) => {
          const closed = await trx
            .updateTable("sandbox_checkout_sessions")
            .set({ status: "complete", completed_at: now })
            .where("id", "=", checkoutId)
            .where("status", "=", "open")
            .executeTakeFirst();
          if (Number(closed.numUpdatedRows) !== 1) return false;
          await insertSubscription(trx, subscription, now);
          return true;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AlreadySubscribedError("Already subscribed");
        throw error;
      }
    },

    async insertCharge(charge: SandboxCharge): Promise<void> {
      await db
        .insertInto("sandbox_charges")
        .values({
          id: charge.id,
          user_id: charge.userId,
          kind: charge.kind,
          amount_cents: charge.amountCents,
          reference: charge.reference,
          created_at: charge.createdAt,
        })
        .execute();
    },

    /** Everything the user was charged, oldest first. */
    async chargesOf(userId: string): Promise<SandboxCharge[]> {
      const rows = await db
        .selectFrom("sandbox_charges")
        .selectAll()
        .where("user_id", "=", userId)
        .orderBy("created_at")
        .orderBy("id")
        .execute();
      return rows.map((row) => ({
        id: row.id,
        userId: row.user_id,
        kind: row.kind,
        amountCents: Number(row.amount_cents),
        reference: row.reference,
        createdAt: Number(row.created_at),
      }));
    },

    /** The user's running subscription, if any. */
    async findActiveSubscription(userId: string): Promise<SandboxSubscription | undefined> {
      const row = await db
        .selectFrom("sandbox_subscriptions")
        .selectAll()
        .where("user_id", "=", userId)
        .where("status", "=", "active")
        .orderBy("created_at", "desc")
        .executeTakeFirst();
      return row ? toSubscription(row) : undefined;
    },

    async updateSubscription(subscription: SandboxSubscription, now: number): Promise<void> {
      await db
        .updateTable("sandbox_subscriptions")
        .set({
          plan_id: subscription.planId,
          status: subscription.status,
          cancel_at_period_end: subscription.cancelAtPeriodEnd ? 1 : 0,
          period_start: subscription.periodStart,
          period_end: subscription.periodEnd,
          updated_at: now,
        })
        .where("id", "=", subscription.id)
        .execute();
    },
  };
}
