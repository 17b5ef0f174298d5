import { sql } from "kysely";
import type { DatabaseHandle } from "../../src/repositories/database.ts";

/** A verified user with a profile, written straight into the tables (no sign-up round trip). */
export async function insertUser(
  { db, dialect }: DatabaseHandle,
  id: string,
  balances: { numOfTokens?: number; subscriptionTokens?: number } = {},
): Promise<void> {
  const now = new Date().toISOString();
  const verified = dialect === "postgres" ? sql`true` : sql`1`;
  await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
    values (${id}, ${id}, ${`${id}@example.com`}, ${verified}, ${now}, ${now})`.execute(db);
  await db
    .insertInto("user_profiles")
    .values({
      user_id: id,
      name: id,
      provider: "email",
      num_of_tokens: balances.numOfTokens ?? 0,
      subscription_tokens: balances.subscriptionTokens ?? 0,
      created_at: Date.now(),
      updated_at: Date.now(),
    })
    .execute();
}

/** The account a new user reads back: verified, on the free plan, no tokens, no Stripe ids. */
export function newAccount(user: { uid: string; email: string; name: string; provider: string }) {
  return {
    ...user,
    emailVerified: true,
    numOfTokens: 0,
    subscriptionTokens: 0,
    subscriptionPlanId: "free",
    subscriptionStatus: null,
    subscriptionEndDate: null,
    subscriptionRenewalDate: null,
    stripeCustomerId: null,
    stripeSubscriptionId: null,
  };
}
