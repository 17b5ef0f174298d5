import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

export type IdentityUser = { id: string; email: string; name: string; emailVerified: boolean };

export type IdentityRepository = ReturnType<typeof createIdentityRepository>;

/** Read-only access to the user and account tables that better-auth owns and writes. */
export function createIdentityRepository(db: Kysely<Database>) {
  return {
    async findUserById(id: string): Promise<IdentityUser | undefined> {
      const row = await db
        .selectFrom("user")
        .select(["id", "email", "name", "emailVerified"])
        .where("id", "=", id)
        .executeTakeFirst();
      // SQLite keeps the flag as 0/1.
      return row ? { ...row, emailVerified: Boolean(row.emailVerified) } : undefined;
    },

    /** better-auth stores e-mails lowercased, so the lookup is case-insensitive. */
    async findUserIdByEmail(email: string): Promise<string | undefined> {
      const row = await db
        .selectFrom("user")
        .select("id")
        .where("email", "=", email.trim().toLowerCase())
        .executeTakeFirst();
      return row?.id;
    },

    /** The ways a user can sign in: "credential" for a password, else the OAuth provider id. */
    async listProviderIds(userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom("account")
        .select("providerId")
        .where("userId", "=", userId)
        .orderBy("providerId")
        .execute();
      return [...new Set(rows.map((row) => row.providerId))];
    },
  };
}
