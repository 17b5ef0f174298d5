import type { Kysely, Selectable } from "kysely";
import { jsonArrayFrom as postgresJsonArrayFrom } from "kysely/helpers/postgres";
import { jsonArrayFrom as sqliteJsonArrayFrom } from "kysely/helpers/sqlite";
import type { DatabaseDialect } from "./database.ts";
import { prepareQuery } from "./prepared-query.ts";
import type { Database, ImageRecordsTable, StoredFilesTable } from "./schema.ts";

/** SQLite's json_object needs every column named. */
const FILE_COLUMNS = [
  "file.id",
  "file.user_id",
  "file.record_id",
  "file.kind",
  "file.storage_key",
  "file.content_type",
  "file.byte_size",
  "file.width",
  "file.height",
  "file.content_hash",
  "file.subject",
  "file.created_at",
] as const;

export type RecordWithFileRows = {
  record: Selectable<ImageRecordsTable>;
  /** In the order they were stored (then by id). */
  files: Selectable<StoredFilesTable>[];
};

function inStoredOrder(a: Selectable<StoredFilesTable>, b: Selectable<StoredFilesTable>) {
  const byTime = Number(a.created_at) - Number(b.created_at);
  if (byTime !== 0) return byTime;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * A record and its files in one query, the files gathered into one JSON array (by the primary
 * key, then stored_files_record_id): a row per file would repeat the record's columns, and
 * reading those values costs more than the rest of the query. Compiled once per handle.
 */
export function recordWithFilesQueries(db: Kysely<Database>, dialect: DatabaseDialect) {
  const jsonArrayFrom = dialect === "postgres" ? postgresJsonArrayFrom : sqliteJsonArrayFrom;
  const query = db
    .selectFrom("image_records as record")
    .selectAll("record")
    .select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom("stored_files as file")
          .select(FILE_COLUMNS)
          .whereRef("file.record_id", "=", "record.id"),
      ).as("files"),
    );
  const byId = prepareQuery(db, ["id"], (value) => query.where("record.id", "=", value("id")));
  const byIdAndOwner = prepareQuery(db, ["id", "ownerId"], (value) =>
    query.where("record.id", "=", value("id")).where("record.user_id", "=", value("ownerId")),
  );

  /** The record of that id (and owner, when given) with its files; undefined when none is. */
  return async (id: string, ownerId?: string): Promise<RecordWithFileRows | undefined> => {
    const [row] = ownerId === undefined ? await byId({ id }) : await byIdAndOwner({ id, ownerId });
    if (!row) return undefined;
    const { files: gathered, ...record } = row;
    // PostgreSQL's driver parses the JSON; SQLite's hands over its text.
    const stored: unknown = gathered;
    const files = (
      typeof stored === "string" ? JSON.parse(stored) : stored
    ) as Selectable<StoredFilesTable>[];
    return { record, files: files.sort(inStoredOrder) };
  };
}
