import type { Kysely, Migration } from "kysely";

/**
 * When the user last completed a sign-in (the client's save-user after it), null until the
 * first: the login page greets a first sign-in with "Welcome" rather than "Welcome back".
 */
export const firstSignInMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("user_profiles").addColumn("last_sign_in_at", "bigint").execute();
  },
};
