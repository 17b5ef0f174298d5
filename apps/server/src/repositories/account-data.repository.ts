import type { Kysely } from "kysely";
import type { DatabaseHandle } from "./database.ts";
import type { StoredFile } from "./image-records.repository.ts";
import {
  type PendingDeletionStatements,
  pendingDeletionStatements,
} from "./pending-deletions.repository.ts";
import type { Database, LedgerKind } from "./schema.ts";

/** A date of better-auth's tables as ISO text, whichever database read it. */
function isoOf(value: string | Date): string {
  return new Date(value).toISOString();
}

const num = (value: number | string) => Number(value);
const numOrNull = (value: number | string | null) => (value === null ? null : Number(value));

/** A stored file of the account, as the export names and reads it. */
export type AccountFile = Pick<
  StoredFile,
  | "id"
  | "recordId"
  | "kind"
  | "storageKey"
  | "contentType"
  | "byteSize"
  | "width"
  | "height"
  | "createdAt"
>;

export type AccountRecord = {
  id: string;
  prompt: string | null;
  status: string;
  originalFileId: string;
  processedFileId: string | null;
  upscaledFileId: string | null;
  /** The latest generation's takes, in order, as their file ids. */
  takeFileIds: string[];
  createdAt: number;
};

function takeIdsOf(stored: string | null): string[] {
  if (!stored) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed)
      ? parsed.flatMap((take) => (typeof take?.fileId === "string" ? [take.fileId] : []))
      : [];
  } catch {
    return [];
  }
}

/** Everything the database holds of one account, for its export (GDPR articles 15 and 20). */
export type AccountData = NonNullable<Awaited<ReturnType<ReturnType<typeof readAccount>>>>;

function readAccount(db: Kysely<Database>) {
  return async (userId: string) => {
    const user = await db
      .selectFrom("user")
      .select(["id", "name", "email", "emailVerified", "createdAt"])
      .where("id", "=", userId)
      .executeTakeFirst();
    if (!user) return undefined;
    const [accounts, profile, ledger, checkouts, subscriptions, charges] = await Promise.all([
      db.selectFrom("account").select("providerId").where("userId", "=", userId).execute(),
      db.selectFrom("user_profiles").selectAll().where("user_id", "=", userId).executeTakeFirst(),
      db
        .selectFrom("token_ledger")
        .selectAll()
        .where("user_id", "=", userId)
        .orderBy("created_at")
        .orderBy("id")
        .execute(),
      db
        .selectFrom("sandbox_checkout_sessions")
        .selectAll()
        .where("user_id", "=", userId)
        .orderBy("created_at")
        .execute(),
      db
        .selectFrom("sandbox_subscriptions")
        .selectAll()
        .where("user_id", "=", userId)
        .orderBy("created_at")
        .execute(),
      db
        .selectFrom("sandbox_charges")
        .selectAll()
        .where("user_id", "=", userId)
        .orderBy("created_at")
        .execute(),
    ]);
    const [contactMessages, issueReports, records, files] = await Promise.all([
      db
        .selectFrom("contact_messages")
        .selectAll()
        .where("user_id", "=", userId)
        .orderBy("created_at")
        .execute(),
      db
        .selectFrom("issue_reports")
        .selectAll()
        .where("user_id", "=", userId)
        .orderBy("created_at")
        .execute(),
      db
        .selectFrom("image_records")
        .selectAll()
        .where("user_id", "=", userId)
        .orderBy("created_at")
        .orderBy("id")
        .execute(),
      db
        .selectFrom("stored_files")
        .selectAll()
        .where("user_id", "=", userId)
        .orderBy("created_at")
        .orderBy("id")
        .execute(),
    ]);
    return {
      user: {
        id: user.id,
        name: user.name,
        email: user.email,
        emailVerified: Boolean(user.emailVerified),
        createdAt: isoOf(user.createdAt),
      },
      providerIds: [...new Set(accounts.map((row) => row.providerId))].sort(),
      profile: profile
        ? {
            name: profile.name,
            provider: profile.provider,
            numOfTokens: num(profile.num_of_tokens),
            subscriptionTokens: num(profile.subscription_tokens),
            subscriptionPlanId: profile.subscription_plan_id,
            subscriptionStatus: profile.subscription_status,
            subscriptionEndDate: numOrNull(profile.subscription_end_date),
            subscriptionRenewalDate: numOrNull(profile.subscription_renewal_date),
            paymentCustomerId: profile.stripe_customer_id,
            subscriptionId: profile.stripe_subscription_id,
            createdAt: num(profile.created_at),
          }
        : null,
      ledger: ledger.map((row) => ({
        kind: row.kind as LedgerKind,
        deltaTokens: num(row.delta_tokens),
        deltaSubscriptionTokens: num(row.delta_subscription_tokens),
        tokensAfter: num(row.tokens_after),
        subscriptionTokensAfter: num(row.subscription_tokens_after),
        reference: row.reference,
        createdAt: num(row.created_at),
      })),
      checkouts: checkouts.map((row) => ({
        id: row.id,
        kind: row.kind,
        planId: row.plan_id,
        tokenCount: numOrNull(row.token_count),
        amountCents: num(row.amount_cents),
        status: row.status,
        createdAt: num(row.created_at),
        completedAt: numOrNull(row.completed_at),
      })),
      subscriptions: subscriptions.map((row) => ({
        id: row.id,
        planId: row.plan_id,
        status: row.status,
        cancelAtPeriodEnd: Boolean(num(row.cancel_at_period_end)),
        periodStart: num(row.period_start),
        periodEnd: num(row.period_end),
        createdAt: num(row.created_at),
      })),
      charges: charges.map((row) => ({
        kind: row.kind,
        amountCents: num(row.amount_cents),
        reference: row.reference,
        createdAt: num(row.created_at),
      })),
      contactMessages: contactMessages.map((row) => ({
        name: row.name,
        email: row.email,
        subject: row.subject,
        message: row.message,
        clientIp: row.client_ip,
        createdAt: num(row.created_at),
      })),
      issueReports: issueReports.map((row) => ({
        issueType: row.issue_type,
        description: row.description,
        attachmentLink: row.attachment_link,
        email: row.email,
        clientIp: row.client_ip,
        createdAt: num(row.created_at),
      })),
      records: records.map(
        (row): AccountRecord => ({
          id: row.id,
          prompt: row.prompt,
          status: row.status,
          originalFileId: row.original_file_id,
          processedFileId: row.processed_file_id,
          upscaledFileId: row.upscaled_file_id,
          takeFileIds: takeIdsOf(row.variations),
          createdAt: num(row.created_at),
        }),
      ),
      files: files.map(
        (row): AccountFile => ({
          id: row.id,
          recordId: row.record_id,
          kind: row.kind,
          storageKey: row.storage_key,
          contentType: row.content_type,
          byteSize: num(row.byte_size),
          width: num(row.width),
          height: num(row.height),
          createdAt: num(row.created_at),
        }),
      ),
    };
  };
}

/** The account has a job in line or running: deleting now would race its worker. */
export class AccountBusyError extends Error {
  override name = "AccountBusyError";
}

/**
 * Refuses while a job of the user waits in line or runs: it would write to an account that is
 * gone. A cut-out in line is deleted with its record; one running would write its file after
 * the delete.
 */
async function assertIdle(db: Kysely<Database>, userId: string): Promise<void> {
  const busy = await db
    .selectFrom("image_jobs")
    .select("id")
    .where("user_id", "=", userId)
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "in", ["queued", "processing"]), eb("kind", "<>", "cutout")]),
        eb.and([eb("status", "=", "processing"), eb("kind", "=", "cutout")]),
      ]),
    )
    .executeTakeFirst();
  if (busy) throw new AccountBusyError(`User ${userId} has a job in line or running`);
}

/** The tables whose rows accounting keeps: moved to the tombstone user, not deleted. */
const KEPT_FOR_ACCOUNTING = [
  "token_ledger",
  "sandbox_charges",
  "sandbox_checkout_sessions",
  "sandbox_subscriptions",
] as const;

/**
 * Deletes an account in one transaction (docs/decisions.md, "Data rights"): the rows that
 * accounting must keep are moved to a tombstone user that names nobody, everything else of
 * the account goes, better-auth's user, sessions, accounts and verifications included.
 * Answers the storage keys of the files whose rows went; `listForRemoval` lists their bytes
 * for removal inside the same transaction, so they are listed if and only if the rows went.
 */
function deleteAccount({ db, dialect }: DatabaseHandle) {
  return (
    userId: string,
    tombstoneId: string,
    now: Date,
    listForRemoval: (
      tx: { pendingDeletions: PendingDeletionStatements },
      storageKeys: string[],
    ) => Promise<void>,
  ) =>
    db.transaction().execute(async (trx) => {
      // The balances first, as accepting a job locks them: a job accepted at this moment
      // either commits before this looks (and the delete refuses) or waits and then finds
      // the account gone.
      const balances = trx
        .selectFrom("user_profiles")
        .select("user_id")
        .where("user_id", "=", userId);
      await (dialect === "postgres" ? balances.forUpdate() : balances).executeTakeFirst();
      await assertIdle(trx, userId);

      const user = await trx
        .selectFrom("user")
        .select("email")
        .where("id", "=", userId)
        .executeTakeFirst();
      if (!user) return [];
      const files = await trx
        .selectFrom("stored_files")
        .select("storage_key")
        .where("user_id", "=", userId)
        .execute();

      const stamp = now.toISOString();
      await trx
        .insertInto("user")
        .values({
          id: tombstoneId,
          name: "Deleted account",
          email: `${tombstoneId}@deleted.invalid`,
          emailVerified: dialect === "postgres" ? false : 0,
          createdAt: stamp,
          updatedAt: stamp,
        })
        .execute();
      for (const table of KEPT_FOR_ACCOUNTING) {
        await trx
          .updateTable(table)
          .set({ user_id: tombstoneId })
          .where("user_id", "=", userId)
          .execute();
      }
      await trx.deleteFrom("sandbox_portal_sessions").where("user_id", "=", userId).execute();
      await trx.deleteFrom("image_jobs").where("user_id", "=", userId).execute();
      await trx.deleteFrom("stored_files").where("user_id", "=", userId).execute();
      await trx.deleteFrom("image_records").where("user_id", "=", userId).execute();
      await trx.deleteFrom("contact_messages").where("user_id", "=", userId).execute();
      await trx.deleteFrom("issue_reports").where("user_id", "=", userId).execute();
      await trx.deleteFrom("mail_outbox").where("to_address", "=", user.email).execute();
      await trx
        .deleteFrom("verification")
        .where((eb) => eb.or([eb("value", "=", userId), eb("identifier", "=", user.email)]))
        .execute();
      await trx.deleteFrom("user_profiles").where("user_id", "=", userId).execute();
      await trx.deleteFrom("session").where("userId", "=", userId).execute();
      await trx.deleteFrom("account").where("userId", "=", userId).execute();
      await trx.deleteFrom("user").where("id", "=", userId).execute();
      const storageKeys = files.map((file) => file.storage_key);
      await listForRemoval({ pendingDeletions: pendingDeletionStatements(trx) }, storageKeys);
      return storageKeys;
    });
}

export type AccountDataRepository = ReturnType<typeof createAccountDataRepository>;

/** An account's data across every table: read whole for its export, or deleted. */
export function createAccountDataRepository(handle: DatabaseHandle) {
  return {
    read: readAccount(handle.db),
    /** Rejects with AccountBusyError while a job of the user is in line or running. */
    checkIdle: (userId: string) => assertIdle(handle.db, userId),
    delete: deleteAccount(handle),
  };
}
