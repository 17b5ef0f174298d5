import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import type { Instance } from "./instance.ts";

type Row = Record<string, unknown>;

/**
 * Reads (and, for setting up cases, writes) an instance's own database: SQL with `?`
 * placeholders, turned into `$n` for PostgreSQL.
 */
export async function query(
  instance: Instance,
  text: string,
  params: unknown[] = [],
): Promise<Row[]> {
  if (instance.dialect === "sqlite") {
    const db = new Database(join(instance.dataDir, "backdrop.db"), { timeout: 10_000 });
    try {
      const statement = db.prepare(text);
      if (statement.reader) return statement.all(...params) as Row[];
      statement.run(...params);
      return [];
    } finally {
      db.close();
    }
  }
  let n = 0;
  const client = new pg.Client({ connectionString: instance.databaseUrl ?? "" });
  await client.connect();
  try {
    const result = await client.query(
      text.replace(/\?/g, () => `$${++n}`),
      params,
    );
    return result.rows as Row[];
  } finally {
    await client.end();
  }
}

/** How many rows of `table` belong to the user (and meet `where`, when given). */
export async function countOf(
  instance: Instance,
  table: string,
  userId: string,
  where = "true",
): Promise<number> {
  const [row] = await query(
    instance,
    `select count(*) as n from ${table} where user_id = ? and (${where})`,
    [userId],
  );
  return Number(row?.n ?? 0);
}

export type Balances = { numOfTokens: number; subscriptionTokens: number };

export async function balances(instance: Instance, userId: string): Promise<Balances> {
  const [row] = await query(
    instance,
    "select num_of_tokens, subscription_tokens from user_profiles where user_id = ?",
    [userId],
  );
  return {
    numOfTokens: Number(row?.num_of_tokens ?? Number.NaN),
    subscriptionTokens: Number(row?.subscription_tokens ?? Number.NaN),
  };
}

export const total = (b: Balances) => b.numOfTokens + b.subscriptionTokens;

/** Users whose balances differ from the sum of their ledger entries (should be none). */
export async function ledgerMismatches(instance: Instance): Promise<string[]> {
  const rows = await query(
    instance,
    `select p.user_id, p.num_of_tokens, p.subscription_tokens,
       coalesce(sum(l.delta_tokens), 0) as ledger_tokens,
       coalesce(sum(l.delta_subscription_tokens), 0) as ledger_subscription
     from user_profiles p left join token_ledger l on l.user_id = p.user_id
     group by p.user_id, p.num_of_tokens, p.subscription_tokens`,
  );
  return rows
    .filter(
      (row) =>
        Number(row.num_of_tokens) !== Number(row.ledger_tokens) ||
        Number(row.subscription_tokens) !== Number(row.ledger_subscription),
    )
    .map(
      (row) =>
        `${row.user_id}: balance ${row.num_of_tokens}/${row.subscription_tokens}, ledger ${row.ledger_tokens}/${row.ledger_subscription}`,
    );
}

export async function ledgerOf(instance: Instance, userId: string): Promise<Row[]> {
  return query(
    instance,
    "select kind, delta_tokens, delta_subscription_tokens, idempotency_key, created_at from token_ledger where user_id = ? order by created_at, id",
    [userId],
  );
}

export async function chargesCents(instance: Instance, userId: string): Promise<number> {
  const [row] = await query(
    instance,
    "select coalesce(sum(amount_cents), 0) as total from sandbox_charges where user_id = ?",
    [userId],
  );
  return Number(row?.total ?? 0);
}

/**
 * The kind of the free background job each upload gets to cut its subject out (cost 0, nobody
 * waits on it): never one of the user's paid jobs.
 */
export const CUTOUT_KIND = "cutout";

const JOB_COLUMNS =
  "id, kind, record_id, status, error, cost, attempts, refund_on_failure, debit_key, created_at, updated_at";

/** The user's paid jobs (generate, upscale, edit), oldest first; uploads' cut-outs left out. */
export async function jobsOf(instance: Instance, userId: string): Promise<Row[]> {
  return query(
    instance,
    `select ${JOB_COLUMNS} from image_jobs where user_id = ? and kind <> '${CUTOUT_KIND}' order by created_at, id`,
    [userId],
  );
}

/** The free cut-out jobs of the user's uploads, oldest first. */
export async function cutoutJobsOf(instance: Instance, userId: string): Promise<Row[]> {
  return query(
    instance,
    `select ${JOB_COLUMNS} from image_jobs where user_id = ? and kind = '${CUTOUT_KIND}' order by created_at, id`,
    [userId],
  );
}

/** How many paid jobs the user has (uploads' cut-outs are not paid jobs). */
export async function paidJobCount(instance: Instance, userId: string): Promise<number> {
  return (await jobsOf(instance, userId)).length;
}

/** Whether a ledger entry refunds that debit key (refund entries are keyed `refund:<debit>`?). */
export async function refundedKeys(instance: Instance, userId: string): Promise<Set<string>> {
  const rows = await query(
    instance,
    "select idempotency_key, reference from token_ledger where user_id = ? and kind = 'refund'",
    [userId],
  );
  return new Set(rows.flatMap((row) => [String(row.idempotency_key), String(row.reference)]));
}
