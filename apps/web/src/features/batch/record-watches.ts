import { isAbort, type WatchOptions, type WatchResult, watchRecord } from "../generate/index.ts";

type Watch = Omit<WatchOptions, "signal" | "live">;

type Entry = { live: boolean; goLive: () => void };

/**
 * Watches many jobs' records at once: `liveSlots` of them over their live streams as well as
 * polling, the others by polling alone (see LIVE_WATCHES). A slot a finished job gives back
 * goes to the polled watch that began first: the queue runs one user's jobs in the order they
 * came, so that is the job most likely to be running.
 */
export function createRecordWatches(liveSlots: number) {
  const watching: Entry[] = [];
  const liveCount = () => watching.filter((entry) => entry.live).length;

  const promote = () => {
    for (const entry of watching) {
      if (liveCount() >= liveSlots) return;
      if (!entry.live) entry.goLive();
    }
  };

  /** Like watchRecord, for one of many; rejects with an AbortError once `signal` aborts. */
  function watch(options: Watch, signal: AbortSignal): Promise<WatchResult> {
    return new Promise((resolve, reject) => {
      let current = new AbortController();
      let attempt = 0;
      const end = () => {
        current.abort();
        signal.removeEventListener("abort", onAbort);
        const index = watching.indexOf(entry);
        if (index >= 0) watching.splice(index, 1);
        promote();
      };
      const onAbort = () => {
        end();
        reject(new DOMException("Watching stopped", "AbortError"));
      };
      // Going live restarts the watch; the stream sends the record at once.
      const run = (live: boolean) => {
        current.abort();
        current = new AbortController();
        entry.live = live;
        const mine = ++attempt;
        watchRecord({ ...options, live, signal: current.signal }).then(
          (result) => {
            if (mine !== attempt) return;
            end();
            resolve(result);
          },
          (error: unknown) => {
            if (mine !== attempt || isAbort(error)) return;
            end();
            reject(error);
          },
        );
      };
      const entry: Entry = { live: false, goLive: () => run(true) };

      if (signal.aborted) return reject(new DOMException("Watching stopped", "AbortError"));
      signal.addEventListener("abort", onAbort);
      const live = liveCount() < liveSlots;
      watching.push(entry);
      run(live);
    });
  }

  return { watch };
}

export type RecordWatches = ReturnType<typeof createRecordWatches>;
