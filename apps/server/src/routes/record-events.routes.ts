import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { Container } from "../container.ts";
import { GenerationError } from "../services/generation-access.ts";
import type { SignedInEnv } from "./session.middleware.ts";

const KEEP_ALIVE_MS = 15_000;

/**
 * Server-sent events of one record: the record now, then again after every change, so a
 * page shows a result the moment its job ends rather than at its next poll.
 */
export function recordEventsRoute(container: Container) {
  const { generations } = container.services;
  return async (c: Context<SignedInEnv>) => {
    const recordId = c.req.param("recordId") ?? "";
    try {
      await generations.ownRecord(c.var.user, recordId);
    } catch (error) {
      if (error instanceof GenerationError) return c.json({ error: error.message }, error.status);
      throw error;
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
            container.logger.warn("Live record update not sent", { recordId, error });
          });
      };
      const unsubscribe = container.jobs.events.subscribe(recordId, send);
      const keepAlive = setInterval(() => {
        void stream.write(": keep-alive\n\n");
      }, KEEP_ALIVE_MS);
      send();
      await new Promise<void>((resolve) => stream.onAbort(resolve));
      clearInterval(keepAlive);
      unsubscribe();
    });
  };
}
