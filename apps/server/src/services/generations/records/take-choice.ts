import { GENERATION_MESSAGES as M, type TImageRecord } from "@backdrop/shared";
import type { RecordEvents } from "../../../jobs/record-events.ts";
import type { Clock } from "../../../lib/clock.ts";
import type { GenerationsRepository } from "../../../repositories/generations.repository.ts";
import { GenerationError, type SignedInUser } from "./generation-access.ts";
import type { RecordReads } from "./record-reads.ts";

/** The choice among a generation's takes (its variations) of the one the record shows. */
export function createTakeChoice(deps: {
  repository: GenerationsRepository;
  events: RecordEvents;
  clock: Clock;
  reads: Pick<RecordReads, "ownRecord" | "record">;
}) {
  const { repository, reads } = deps;

  return {
    /**
     * Makes one of the record's takes the one Download, Upscale and Edit act on; the upscale of
     * the one chosen before is no longer the record's.
     */
    async choose(user: SignedInUser, recordId: string, index: number): Promise<TImageRecord> {
      const record = await reads.ownRecord(user, recordId);
      const take = record.variations[index];
      if (!take) throw new GenerationError(400, M.noSuchVariation);
      await repository.transaction(async (tx) => {
        // The balance lock an upscale or edit takes while it is accepted: it is accepted for
        // the take chosen before this or after it, never in between.
        await tx.ledger.lockBalances(user.id);
        if (await tx.jobs.hasActiveJob(recordId)) {
          throw new GenerationError(409, M.alreadyProcessing);
        }
        const change = { processedFileId: take.fileId, upscaledFileId: null };
        await tx.records.updateRecord(recordId, change, deps.clock.now());
      });
      deps.events.publish({ userId: user.id, recordId, jobId: null });
      return reads.record(user, recordId);
    },
  };
}
