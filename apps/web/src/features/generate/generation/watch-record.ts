import { GENERATION_MESSAGES, type TImageRecord } from "@backdrop/shared";
import { ApiError } from "../../../lib/api-client.ts";
import { fetchRecord, parseRecordEvent, recordEventsUrl } from "../api.ts";

/**
 * SPEC points 4 and 9: poll every 5 s, 24 times at most (2 minutes) — counted while the job
 * runs: a job still waiting in line ("queued") has not started its time yet, and the server
 * ends one that waits too long, refunded.
 */
export const POLL_INTERVAL_MS = 5_000;
export const POLL_ATTEMPTS = 24;

/** A job that ended without its image; the message is for the person. */
export class JobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "JobError";
  }
}

export type WatchMessages = {
  /** When the record failed without an error of its own. */
  failed: string;
  timedOut: string;
  /** When the record cannot be read (it is gone, or not ours). */
  checkFailed: (reason: string) => string;
};

export type WatchOptions = {
  recordId: string;
  /** The finished job's image URL, or null while the job runs. */
  resultOf: (record: TImageRecord) => string | null;
  /** Every view of the running job, e.g. to show its stage. */
  onRecord?: (record: TImageRecord) => void;
  messages: WatchMessages;
  signal: AbortSignal;
  intervalMs?: number;
  attempts?: number;
  /** Listen to the record's live stream as well as polling (the default). */
  live?: boolean;
};

export type WatchResult = { url: string; record: TImageRecord };

/**
 * Waits for a job on a record: polls the record (SPEC point 4) and listens to its live stream,
 * so the result shows the moment the server pushes it and polling covers a lost stream. Both
 * stop when the job completes or fails, on timeout and on abort. Rejects with a JobError, or
 * an AbortError when aborted.
 */
export function watchRecord({
  recordId,
  resultOf,
  onRecord,
  messages,
  signal,
  intervalMs = POLL_INTERVAL_MS,
  attempts = POLL_ATTEMPTS,
  live = true,
}: WatchOptions): Promise<WatchResult> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let polls = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let source: EventSource | null = null;

    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      source?.close();
      signal.removeEventListener("abort", onAbort);
      settle();
    };
    const fail = (message: string) => finish(() => reject(new JobError(message)));
    const onAbort = () => finish(() => reject(new DOMException("Watching stopped", "AbortError")));

    const consider = (record: TImageRecord) => {
      if (settled) return;
      const url = resultOf(record);
      if (url) {
        finish(() => resolve({ url, record }));
      } else if (record.status === "failed") {
        fail(record.error?.trim() || messages.failed);
      } else {
        onRecord?.(record);
      }
    };

    const poll = async () => {
      try {
        const record = await fetchRecord(recordId);
        if (record.status !== "queued") polls += 1;
        consider(record);
      } catch (error) {
        if (settled) return;
        if (error instanceof ApiError && error.status === 401) {
          return fail(GENERATION_MESSAGES.statusAuthFailed);
        }
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
          return fail(messages.checkFailed(error.message));
        }
        // A network or server hiccup: the next poll, or the live stream, tries again.
        polls += 1;
      }
      if (settled) return;
      if (polls >= attempts) return fail(messages.timedOut);
      timer = setTimeout(poll, intervalMs);
    };

    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort);

    if (live && typeof EventSource !== "undefined") {
      source = new EventSource(recordEventsUrl(recordId));
      // Checking an event waits for the schemas: a chain keeps the events in their order.
      let events = Promise.resolve();
      source.addEventListener("record", (event) => {
        const data = (event as MessageEvent).data;
        events = events
          .then(() => parseRecordEvent(data))
          .then((record) => {
            if (record) consider(record);
          })
          .catch(() => {}); // the schemas could not load: polling brings the record anyway
      });
      // The browser reconnects a dropped stream by itself; polling covers the gap.
    }
    timer = setTimeout(poll, intervalMs);
  });
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}
