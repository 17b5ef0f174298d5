import type { RecordEvents } from "../../../jobs/record-events.ts";
import type { ImageJob, ImageJobStatements } from "../../../repositories/image-jobs.repository.ts";

const POLL_MS = 500;

/**
 * The job once it has ended, or null after `timeoutMs`. Woken by the record's events and,
 * in case one is missed (another process, a dropped Redis message), by a slow poll.
 */
export function waitForJob(
  deps: { jobs: ImageJobStatements; events: RecordEvents },
  job: Pick<ImageJob, "id" | "recordId">,
  timeoutMs: number,
): Promise<ImageJob | null> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let checking = false;
    const finish = (result: ImageJob | null, error?: unknown) => {
      if (settled) return;
      settled = true;
      unsubscribe();
      clearInterval(poll);
      clearTimeout(deadline);
      if (error) reject(error);
      else resolve(result);
    };
    const check = async () => {
      if (checking || settled) return;
      checking = true;
      try {
        const current = await deps.jobs.find(job.id);
        if (current && (current.status === "completed" || current.status === "failed")) {
          finish(current);
        }
      } catch (error) {
        finish(null, error);
      } finally {
        checking = false;
      }
    };
    const unsubscribe = deps.events.subscribe(job.recordId, () => void check());
    const poll = setInterval(() => void check(), POLL_MS);
    const deadline = setTimeout(() => finish(null), timeoutMs);
    void check();
  });
}
