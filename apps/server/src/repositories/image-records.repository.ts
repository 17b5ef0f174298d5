import type { RecordStatus } from "@backdrop/shared";
import type { Kysely, Selectable } from "kysely";
import type { DatabaseDialect } from "./database.ts";
import { recordWithFilesQueries } from "./record-with-files.ts";
import type { Database, ImageRecordsTable, StoredFileKind, StoredFilesTable } from "./schema.ts";
import { readSubject, type StoredSubject, writeSubject } from "./stored-subject.ts";

export type StoredFile = {
  id: string;
  userId: string;
  recordId: string;
  kind: StoredFileKind;
  storageKey: string;
  contentType: string;
  byteSize: number;
  width: number;
  height: number;
  /** SHA-256 (hex) of an upload's bytes; null for every other kind. */
  contentHash?: string | null;
  /** A result's subject: where it lies, how faithful it is; null when unknown. */
  subject?: StoredSubject | null;
  createdAt: number;
};

/** One take of a generation: its stored file and the seed that made it. */
export type Variation = { fileId: string; seed: number };

export type ImageRecord = {
  id: string;
  userId: string;
  originalFileId: string;
  processedFileId: string | null;
  upscaledFileId: string | null;
  status: RecordStatus;
  stage: string | null;
  /** How much of the current stage is done, 0..1, while a job says so. */
  progress: number | null;
  error: string | null;
  prompt: string | null;
  /** The upload's own file name, to name downloads after; null (or absent) when unknown. */
  sourceName?: string | null;
  /** The latest generation's takes, in order; the chosen one is `processedFileId`. */
  variations: Variation[];
  createdAt: number;
  updatedAt: number;
};

/** A record with the files it points to, as the API shows it. */
export type ImageRecordView = ImageRecord & {
  original: StoredFile;
  processed: StoredFile | null;
  upscaled: StoredFile | null;
  edits: StoredFile[];
  /** The upload's subject on a transparent background, once its background job made it. */
  cutout: StoredFile | null;
  /** The takes with their files (any whose file is gone left out). */
  takes: { file: StoredFile; seed: number }[];
};

/** The stored JSON of a record's takes; anything unreadable is no takes. */
function readVariations(stored: string | null): Variation[] {
  if (!stored) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (item): item is Variation => typeof item?.fileId === "string" && Number.isInteger(item?.seed),
    );
  } catch {
    return [];
  }
}

function toFile(row: Selectable<StoredFilesTable>): StoredFile {
  return {
    id: row.id,
    userId: row.user_id,
    recordId: row.record_id,
    kind: row.kind,
    storageKey: row.storage_key,
    contentType: row.content_type,
    byteSize: Number(row.byte_size),
    width: Number(row.width),
    height: Number(row.height),
    contentHash: row.content_hash,
    subject: readSubject(row.subject),
    createdAt: Number(row.created_at),
  };
}

function toRecord(row: Selectable<ImageRecordsTable>): ImageRecord {
  return {
    id: row.id,
    userId: row.user_id,
    originalFileId: row.original_file_id,
    processedFileId: row.processed_file_id,
    upscaledFileId: row.upscaled_file_id,
    status: row.status,
    stage: row.stage,
    progress: row.progress === null ? null : Number(row.progress),
    error: row.error,
    prompt: row.prompt,
    sourceName: row.source_name,
    variations: readVariations(row.variations),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export type RecordChange = Partial<{
  processedFileId: string | null;
  upscaledFileId: string | null;
  status: RecordStatus;
  stage: string | null;
  progress: number | null;
  error: string | null;
  prompt: string | null;
  variations: Variation[];
}>;

export type ImageRecordStatements = ReturnType<typeof imageRecordStatements>;

/** Records and their files, on the database or inside a transaction. */
export function imageRecordStatements(db: Kysely<Database>, dialect: DatabaseDialect) {
  let recordWithFiles: ReturnType<typeof recordWithFilesQueries> | undefined;

  async function filesOf(recordIds: string[]): Promise<StoredFile[]> {
    if (recordIds.length === 0) return [];
    const rows = await db
      .selectFrom("stored_files")
      .selectAll()
      .where("record_id", "in", recordIds)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    return rows.map(toFile);
  }

  function view(record: ImageRecord, files: StoredFile[]): ImageRecordView {
    const byId = new Map(files.map((file) => [file.id, file]));
    const original = byId.get(record.originalFileId);
    if (!original) throw new Error(`Image record ${record.id} lost its original file`);
    return {
      ...record,
      original,
      processed: record.processedFileId ? (byId.get(record.processedFileId) ?? null) : null,
      upscaled: record.upscaledFileId ? (byId.get(record.upscaledFileId) ?? null) : null,
      edits: files.filter((file) => file.kind === "edited"),
      cutout: files.find((file) => file.kind === "cutout") ?? null,
      takes: record.variations.flatMap(({ fileId, seed }) => {
        const file = byId.get(fileId);
        return file ? [{ file, seed }] : [];
      }),
    };
  }

  return {
    async insertRecord(record: ImageRecord): Promise<void> {
      await db
        .insertInto("image_records")
        .values({
          id: record.id,
          user_id: record.userId,
          original_file_id: record.originalFileId,
          processed_file_id: record.processedFileId,
          upscaled_file_id: record.upscaledFileId,
          status: record.status,
          stage: record.stage,
          progress: record.progress,
          error: record.error,
          prompt: record.prompt,
          source_name: record.sourceName ?? null,
          variations: record.variations.length ? JSON.stringify(record.variations) : null,
          created_at: record.createdAt,
          updated_at: record.updatedAt,
        })
        .execute();
    },

    async insertFile(file: StoredFile): Promise<void> {
      await db
        .insertInto("stored_files")
        .values({
          id: file.id,
          user_id: file.userId,
          record_id: file.recordId,
          kind: file.kind,
          storage_key: file.storageKey,
          content_type: file.contentType,
          byte_size: file.byteSize,
          width: file.width,
          height: file.height,
          content_hash: file.contentHash ?? null,
          subject: writeSubject(file.subject),
          created_at: file.createdAt,
        })
        .execute();
    },

    /**
     * The newest cut-out the user has of an upload with these bytes (`contentHash` of its
     * original), for the same photo uploaded again.
     */
    async findCutoutOfUpload(userId: string, contentHash: string): Promise<StoredFile | undefined> {
      const row = await db
        .selectFrom("stored_files as cutout")
        .innerJoin("stored_files as original", "original.record_id", "cutout.record_id")
        .selectAll("cutout")
        .where("original.user_id", "=", userId)
        .where("original.kind", "=", "original")
        .where("original.content_hash", "=", contentHash)
        .where("cutout.kind", "=", "cutout")
        .orderBy("cutout.created_at", "desc")
        .orderBy("cutout.id", "desc")
        .executeTakeFirst();
      return row ? toFile(row) : undefined;
    },

    async findRecord(id: string): Promise<ImageRecord | undefined> {
      const row = await db
        .selectFrom("image_records")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    async findFile(id: string): Promise<StoredFile | undefined> {
      const row = await db
        .selectFrom("stored_files")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirst();
      return row ? toFile(row) : undefined;
    },

    /** How many bytes the user's stored files take, all kinds together (the storage quota). */
    async storedBytesOf(userId: string): Promise<number> {
      const row = await db
        .selectFrom("stored_files")
        .select((eb) => eb.fn.sum<number | string | null>("byte_size").as("total"))
        .where("user_id", "=", userId)
        .executeTakeFirst();
      // PostgreSQL sums integers as numeric, which its driver hands over as a string.
      return Number(row?.total ?? 0);
    },

    /**
     * The record with its files, in one query (the studio polls it; record-with-files.ts).
     * With `ownerId`, undefined unless the record is theirs.
     */
    async viewRecord(id: string, ownerId?: string): Promise<ImageRecordView | undefined> {
      recordWithFiles ??= recordWithFilesQueries(db, dialect);
      const found = await recordWithFiles(id, ownerId);
      return found ? view(toRecord(found.record), found.files.map(toFile)) : undefined;
    },

    /** The user's records, newest first. */
    async viewRecordsOf(userId: string, limit: number): Promise<ImageRecordView[]> {
      const rows = await db
        .selectFrom("image_records")
        .selectAll()
        .where("user_id", "=", userId)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      const records = rows.map(toRecord);
      const files = await filesOf(records.map((record) => record.id));
      return records.map((record) =>
        view(
          record,
          files.filter((file) => file.recordId === record.id),
        ),
      );
    },

    /**
     * Holds the record's row until the transaction ends (PostgreSQL; SQLite's writer lock
     * already does): a transaction still adding a file to it commits first, and one that
     * would add a file afterwards waits for this one. Answers whether the record is there.
     */
    async lockRecord(id: string): Promise<boolean> {
      const query = db.selectFrom("image_records").select("id").where("id", "=", id);
      const row = await (dialect === "postgres" ? query.forUpdate() : query).executeTakeFirst();
      return row !== undefined;
    },

    /** Every file row of the record, whatever its kind (for deleting its stored bytes). */
    filesOfRecord(recordId: string): Promise<StoredFile[]> {
      return filesOf([recordId]);
    },

    /** Removes one file row (not its bytes: storage is the caller's). */
    async deleteFile(id: string): Promise<void> {
      await db.deleteFrom("stored_files").where("id", "=", id).execute();
    },

    /** Removes the record and its file rows (not their bytes: storage is the caller's). */
    async deleteRecord(id: string): Promise<void> {
      await db.deleteFrom("stored_files").where("record_id", "=", id).execute();
      await db.deleteFrom("image_records").where("id", "=", id).execute();
    },

    async updateRecord(id: string, change: RecordChange, now: number): Promise<void> {
      await db
        .updateTable("image_records")
        .set({
          ...(change.processedFileId !== undefined
            ? { processed_file_id: change.processedFileId }
            : {}),
          ...(change.upscaledFileId !== undefined
            ? { upscaled_file_id: change.upscaledFileId }
            : {}),
          ...(change.status !== undefined ? { status: change.status } : {}),
          ...(change.stage !== undefined ? { stage: change.stage } : {}),
          ...(change.progress !== undefined ? { progress: change.progress } : {}),
          ...(change.error !== undefined ? { error: change.error } : {}),
          ...(change.prompt !== undefined ? { prompt: change.prompt } : {}),
          ...(change.variations !== undefined
            ? { variations: change.variations.length ? JSON.stringify(change.variations) : null }
            : {}),
          updated_at: now,
        })
        .where("id", "=", id)
        .execute();
    },
  };
}
