import type { DatabaseHandle } from "./database.ts";
import { type ImageJobStatements, imageJobStatements } from "./image-jobs.repository.ts";
import { type ImageRecordStatements, imageRecordStatements } from "./image-records.repository.ts";
import {
  type PendingDeletionStatements,
  pendingDeletionStatements,
} from "./pending-deletions.repository.ts";
import { type LedgerStatements, ledgerStatements } from "./token-ledger.repository.ts";

/**
 * Records, files, jobs, the ledger and the storage keys awaiting removal, so one transaction
 * can cover them all.
 */
export type GenerationStatements = {
  records: ImageRecordStatements;
  jobs: ImageJobStatements;
  ledger: LedgerStatements;
  pendingDeletions: PendingDeletionStatements;
};

export type GenerationsRepository = GenerationStatements & {
  transaction<T>(work: (tx: GenerationStatements) => Promise<T>): Promise<T>;
};

export function createGenerationsRepository({
  db,
  dialect,
}: DatabaseHandle): GenerationsRepository {
  return {
    records: imageRecordStatements(db, dialect),
    jobs: imageJobStatements(db),
    ledger: ledgerStatements(db, dialect),
    pendingDeletions: pendingDeletionStatements(db),
    transaction(work) {
      return db.transaction().execute((trx) =>
        work({
          records: imageRecordStatements(trx, dialect),
          jobs: imageJobStatements(trx),
          ledger: ledgerStatements(trx, dialect),
          pendingDeletions: pendingDeletionStatements(trx),
        }),
      );
    },
  };
}
