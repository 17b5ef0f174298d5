import { GENERATION_MESSAGES } from "@backdrop/shared";
import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { RecordEvents } from "../jobs/record-events.ts";
import type { Logger } from "../lib/logger.ts";
import type { GenerationsService } from "../services/generations/generations.service.ts";
import type { SignedInEnv } from "./session.middleware.ts";

const KEEP_ALIVE_MS = 15_000;

/** Open event streams one user may hold at once in this process; the page polls beyond them. */
export const MAX_STREAMS_PER_USER = 8;

/** Counts each user's open streams; a slot is taken before a stream opens and given back once. */
function streamSlots(limit: number) {
  const open = new Map<string, number>();
  return {
    take(userId: string): (() => void) | null {
      const count = open.get(userId) ?? 0;
      if (count >= limit) return null;
      open.set(userId, count + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (open.get(userId) ?? 1) - 1;
        if (left > 0) open.set(userId, left);
        else open.delete(userId);
      };
    },
  };
}

/**
 * Server-sent events of one record: the record now, then again after every change, so a
 * page shows a result the moment its job ends rather than at its next poll.
 */
export type RecordEventsDeps = {
  generations: GenerationsService;
  events: RecordEvents;
  logger: Logger;
  /** Fires when the server shuts down: open streams end, and each browser reconnects elsewhere. */
  closing: AbortSignal;
};

/** How soon a browser whose stream the server ended tries again (EventSource's `retry`). */
const RECONNECT_MS = 1_000;

export function recordEventsRoute({ generations, events, logger, closing }: RecordEventsDeps) {
  const slots = streamSlots(MAX_STREAMS_PER_USER);
  return async (c: Context<SignedInEnv>) => {
    const recordId = c.req.param("recordId") ?? "";
    await generations.ownRecord(c.var.user, recordId);
    const release = slots.take(c.var.user.id);
    if (!release) {
      // EventSource does not retry a refused stream; the page's polling carries on alone.
      return c.json({ error: GENERATION_MESSAGES.tooManyLiveUpdates }, 429);
    }
    c.header("Cache-Control", "no-store");
    return streamSSE(c, async (stream) => {
      let sending = Promise.resolve();
      let version = 0;
      const send = () => {
        const mine = ++version;
        sending = sending
          .then(async () => {
            // Only the newest read is worth sending when changes arrive in a burst.
            if (mine !== version || stream.aborted) return;
            const record = await generations.record(c.var.user, recordId);
            await stream.writeSSE({ event: "record", data: JSON.stringify(record) });
          })
          .catch((error: unknown) => {
            // The page still polls; the next change tries again.
            logger.warn("Live record update not sent", { recordId, error });
          });
      };
      const unsubscribe = events.subscribe(recordId, send);
      const keepAlive = setInterval(() => {
        void stream.write(": keep-alive\n\n");
      }, KEEP_ALIVE_MS);
      let end = () => {};
      const ended = new Promise<void>((resolve) => {
        end = resolve;
      });
      stream.onAbort(end);
      // Returning ends the stream.
      closing.addEventListener("abort", end, { once: true });
      try {
        await stream.writeSSE({ data: "", retry: RECONNECT_MS });
        send();
        if (stream.aborted || closing.aborted) end();
        await ended;
      } finally {
        // The server's signal outlives every stream: a listener left on it would pile up.
        closing.removeEventListener("abort", end);
        clearInterval(keepAlive);
        unsubscribe();
        release();
      }
    });
  };
}
