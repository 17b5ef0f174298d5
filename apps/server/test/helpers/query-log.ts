import type { KyselyPlugin, OperationNode, QueryId } from "kysely";
import type { DatabaseHandle } from "../../src/repositories/database.ts";

export type QueryLog = {
  /** How many queries ran since the last reset. */
  count(): number;
  /** How many of them named this table (better-auth's "session", ours "stored_files"…). */
  touching(table: string): number;
  reset(): void;
};

function tablesOf(node: unknown, into: Set<string>): void {
  if (typeof node !== "object" || node === null) return;
  const { kind, table } = node as { kind?: string; table?: { identifier?: { name?: string } } };
  if (kind === "TableNode" && table?.identifier?.name) into.add(table.identifier.name);
  for (const value of Object.values(node)) tablesOf(value, into);
}

/**
 * The database with every query run noted (the app's and better-auth's alike, since both run
 * on this Kysely instance), for tests that count what a request costs. A query compiled once
 * and run many times (prepared-query.ts) counts each run.
 */
export function loggingQueries(handle: DatabaseHandle): { handle: DatabaseHandle; log: QueryLog } {
  let queries: Set<string>[] = [];
  const tablesOfQuery = new WeakMap<QueryId, Set<string>>();
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      const tables = new Set<string>();
      tablesOf(node satisfies OperationNode, tables);
      tablesOfQuery.set(queryId, tables);
      return node;
    },
    async transformResult({ result, queryId }) {
      queries.push(tablesOfQuery.get(queryId) ?? new Set());
      return result;
    },
  };
  return {
    handle: { ...handle, db: handle.db.withPlugin(plugin) },
    log: {
      count: () => queries.length,
      touching: (table) => queries.filter((tables) => tables.has(table)).length,
      reset: () => {
        queries = [];
      },
    },
  };
}
