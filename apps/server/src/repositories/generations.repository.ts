import type { DatabaseHandle } from "./database.ts";
import { type ImageJobStatements, imageJobStatements } from "./image-jobs.repository.ts";
import { type ImageRecordStatements, imageRecordStatements } from "./image-records.repository.ts";
import { type LedgerStatements, ledgerStatements } from "./token-ledger.repository.ts";

/** Records, files, jobs and the ledger, so one transaction can cover all four. */
export type GenerationStatements = {
  records: ImageRecordStatements;
  jobs: ImageJobStatements;
  ledger: LedgerStatements;
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
    transaction(work) {
      return db.transaction().execute((trx) =>
        work({
          records: imageRecordStatements(trx, dialect),
          jobs: imageJobStatements(trx),
          ledger: ledgerStatements(trx, dialect),
        }),
      );
    },
  };
}
