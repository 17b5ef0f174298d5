import type { Kysely, Selectable } from "kysely";
import type { Database, UserProfilesTable, UserProvider } from "./schema.ts";

export type UserProfile = {
  userId: string;
  name: string;
  provider: UserProvider;
  numOfTokens: number;
  subscriptionTokens: number;
  subscriptionPlanId: string;
  subscriptionStatus: string | null;
  subscriptionEndDate: number | null;
  subscriptionRenewalDate: number | null;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  lastSignInAt: number | null;
  createdAt: number;
  updatedAt: number;
};

export type NewUserProfile = { userId: string; name: string; provider: UserProvider; now: number };

export type UserProfilesRepository = ReturnType<typeof createUserProfilesRepository>;

function epochOrNull(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}

function toUserProfile(row: Selectable<UserProfilesTable>): UserProfile {
  return {
    userId: row.user_id,
    name: row.name,
    provider: row.provider,
    numOfTokens: Number(row.num_of_tokens),
    subscriptionTokens: Number(row.subscription_tokens),
    subscriptionPlanId: row.subscription_plan_id,
    subscriptionStatus: row.subscription_status,
    subscriptionEndDate: epochOrNull(row.subscription_end_date),
    subscriptionRenewalDate: epochOrNull(row.subscription_renewal_date),
    stripeCustomerId: row.stripe_customer_id,
    stripeSubscriptionId: row.stripe_subscription_id,
    lastSignInAt: epochOrNull(row.last_sign_in_at),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** A new profile's row: the plan defaults come from the table's column defaults. */
function newProfileRow(profile: NewUserProfile) {
  return {
    user_id: profile.userId,
    name: profile.name,
    provider: profile.provider,
    created_at: profile.now,
    updated_at: profile.now,
  };
}

export function createUserProfilesRepository(db: Kysely<Database>) {
  return {
    async find(userId: string): Promise<UserProfile | undefined> {
      const row = await db
        .selectFrom("user_profiles")
        .selectAll()
        .where("user_id", "=", userId)
        .executeTakeFirst();
      return row ? toUserProfile(row) : undefined;
    },

    /** Creates the profile with the plan defaults; an existing profile is left as it is. */
    async insertIfMissing(profile: NewUserProfile): Promise<void> {
      await db
        .insertInto("user_profiles")
        .values(newProfileRow(profile))
        .onConflict((conflict) => conflict.column("user_id").doNothing())
        .execute();
    },

    /**
     * A completed sign-in: sets the name and provider and stamps the sign-in, creating the
     * profile with the plan defaults if needed.
     */
    async upsertIdentity(profile: NewUserProfile): Promise<void> {
      await db
        .insertInto("user_profiles")
        .values({ ...newProfileRow(profile), last_sign_in_at: profile.now })
        .onConflict((conflict) =>
          conflict.column("user_id").doUpdateSet({
            name: profile.name,
            provider: profile.provider,
            last_sign_in_at: profile.now,
            updated_at: profile.now,
          }),
        )
        .execute();
    },
  };
}
