import type { JobStatus, RecordStatus } from "@backdrop/shared";
import type { ColumnType, Generated } from "kysely";

/**
 * Epoch milliseconds in a bigint column: written as a number, read back as a number on
 * SQLite but as a string on PostgreSQL (pg returns int8 as text), so always `Number()` it.
 */
export type EpochMs = ColumnType<number | string, number, number>;

export type MailStatus = "pending" | "sent" | "failed";

export type ContactMessagesTable = {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  user_id: string | null;
  client_ip: string;
  mail_status: MailStatus;
  created_at: EpochMs;
};

export type IssueReportsTable = {
  id: string;
  issue_type: string;
  description: string;
  attachment_link: string | null;
  email: string | null;
  user_id: string | null;
  client_ip: string;
  mail_status: MailStatus;
  created_at: EpochMs;
};

export type MailOutboxTable = {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: EpochMs;
};

export type UserProvider = "email" | "google";

export type UserProfilesTable = {
  user_id: string;
  name: string;
  provider: UserProvider;
  num_of_tokens: Generated<number>;
  subscription_tokens: Generated<number>;
  subscription_plan_id: Generated<string>;
  subscription_status: string | null;
  subscription_end_date: EpochMs | null;
  subscription_renewal_date: EpochMs | null;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  /** When the provider's subscription state was last mirrored; older news is ignored. */
  subscription_synced_at: EpochMs | null;
  /** The highest plan paid for in the running period; a change up to it costs nothing more. */
  period_plan_id: string | null;
  /** When a sign-in last completed (save-user); null before the first. */
  last_sign_in_at: EpochMs | null;
  created_at: EpochMs;
  updated_at: EpochMs;
};

export type LedgerKind = "debit" | "credit" | "grant" | "prorate" | "expire" | "refund";

export type TokenLedgerTable = {
  id: string;
  user_id: string;
  kind: LedgerKind;
  /** Change of the purchased bucket (`num_of_tokens`). */
  delta_tokens: number;
  delta_subscription_tokens: number;
  tokens_after: number;
  subscription_tokens_after: number;
  idempotency_key: string;
  reference: string | null;
  created_at: EpochMs;
};

export type ProcessedPaymentEventsTable = { event_id: string; created_at: EpochMs };

export type SandboxCheckoutSessionsTable = {
  id: string;
  user_id: string;
  kind: "subscription" | "token_pack";
  plan_id: string | null;
  token_count: number | null;
  amount_cents: number;
  status: "open" | "complete" | "expired";
  created_at: EpochMs;
  completed_at: EpochMs | null;
};

export type SandboxSubscriptionsTable = {
  id: string;
  user_id: string;
  plan_id: string;
  status: "active" | "canceled";
  cancel_at_period_end: Generated<number>;
  period_start: EpochMs;
  period_end: EpochMs;
  created_at: EpochMs;
  updated_at: EpochMs;
};

/** What the sandbox charged (positive) or credited (negative), as Stripe's invoices would. */
export type SandboxChargesTable = {
  id: string;
  user_id: string;
  kind: "subscription" | "renewal" | "plan-change" | "token_pack";
  amount_cents: number;
  /** The checkout session or subscription the charge belongs to. */
  reference: string;
  created_at: EpochMs;
};

export type SandboxPortalSessionsTable = { id: string; user_id: string; created_at: EpochMs };

/** `cutout`: the upload's subject on a transparent background, made by a background job. */
/** `difference`: the map of where a result's product differs from the photo's (issue 15). */
export type StoredFileKind =
  | "original"
  | "processed"
  | "upscaled"
  | "edited"
  | "cutout"
  | "difference";

export type StoredFilesTable = {
  id: string;
  user_id: string;
  record_id: string;
  kind: StoredFileKind;
  /** Where the storage keeps the bytes; never shown to users. */
  storage_key: string;
  content_type: string;
  byte_size: number;
  width: number;
  height: number;
  /** SHA-256 (hex) of an upload's stored bytes, so the same photo uploaded again is known. */
  content_hash: string | null;
  /** A result's subject as JSON: where it lies and how faithful it is (stored-subject.ts). */
  subject: string | null;
  created_at: EpochMs;
};

export type ImageRecordsTable = {
  id: string;
  user_id: string;
  original_file_id: string;
  processed_file_id: string | null;
  upscaled_file_id: string | null;
  status: RecordStatus;
  stage: string | null;
  /** Share of the current stage done, 0..1; null when unknown or no job runs. */
  progress: number | null;
  error: string | null;
  prompt: string | null;
  /** The upload's own file name, cleaned and bounded (source-name.ts); null when unknown. */
  source_name: string | null;
  /** The latest generation's takes as JSON, `[{ "fileId", "seed" }]`; null before one. */
  variations: string | null;
  created_at: EpochMs;
  updated_at: EpochMs;
};

/**
 * `cutout` is the free background job that cuts an upload's subject out: nobody waits on it, so
 * it leaves the record's status alone and yields to the others.
 */
export type JobKind = "generate" | "upscale" | "edit" | "cutout";

/** Jobs nobody waits on: free, invisible in the record's status, run after the others. */
export function isBackgroundJob(kind: JobKind): boolean {
  return kind === "cutout";
}

export type ImageJobsTable = {
  id: string;
  record_id: string;
  user_id: string;
  kind: JobKind;
  status: JobStatus;
  stage: string | null;
  source_file_id: string;
  /** The engine's input besides the image, as JSON. */
  input: string;
  cost: number;
  debit_key: string;
  /** 1 when the user's plan refunds a failed job (decided when the job was accepted). */
  refund_on_failure: number;
  attempts: Generated<number>;
  /** A processing job whose lease has passed lost its worker. */
  lease_until: EpochMs | null;
  /** When a worker first started the job; its time limit counts from here. */
  started_at: EpochMs | null;
  result_file_id: string | null;
  error: string | null;
  created_at: EpochMs;
  updated_at: EpochMs;
};

/**
 * A storage key awaiting removal: its rows are gone, its bytes not yet (see
 * services/generations/records/stored-keys.ts). Retried at `next_attempt_at`, later after each
 * failure.
 */
export type PendingDeletionsTable = {
  key: string;
  /** Whose file it was, for the logs; no foreign key, so it outlives a deleted account. */
  user_id: string | null;
  /** What removed it: "record", "thumbnail", "discarded", "account"… */
  reason: string;
  attempts: Generated<number>;
  next_attempt_at: EpochMs;
  created_at: EpochMs;
};

/*
 * better-auth's own tables (user, session, account, verification) keep its camelCase column
 * names and its types: booleans are 0/1 and dates ISO text on SQLite. better-auth writes
 * them; we only read the few columns below.
 */
/** Dates of better-auth's tables: ISO text on SQLite, timestamptz (a Date when read) on PostgreSQL. */
export type AuthDate = ColumnType<string | Date, string | undefined, string>;

export type AuthUserTable = {
  id: string;
  name: string;
  email: string;
  emailVerified: number | boolean;
  createdAt: AuthDate;
  updatedAt: AuthDate;
};

export type AuthAccountTable = {
  id: string;
  userId: string;
  /** "credential" for e-mail and password, the OAuth provider id (e.g. "google") otherwise. */
  providerId: string;
};

export type AuthSessionTable = { id: string; userId: string };

/** `value` holds the user id of a password-reset token. */
export type AuthVerificationTable = { id: string; identifier: string; value: string };

export type Database = {
  contact_messages: ContactMessagesTable;
  issue_reports: IssueReportsTable;
  mail_outbox: MailOutboxTable;
  user_profiles: UserProfilesTable;
  token_ledger: TokenLedgerTable;
  processed_payment_events: ProcessedPaymentEventsTable;
  sandbox_checkout_sessions: SandboxCheckoutSessionsTable;
  sandbox_subscriptions: SandboxSubscriptionsTable;
  sandbox_portal_sessions: SandboxPortalSessionsTable;
  sandbox_charges: SandboxChargesTable;
  image_records: ImageRecordsTable;
  stored_files: StoredFilesTable;
  image_jobs: ImageJobsTable;
  pending_deletions: PendingDeletionsTable;
  user: AuthUserTable;
  account: AuthAccountTable;
  session: AuthSessionTable;
  verification: AuthVerificationTable;
};
