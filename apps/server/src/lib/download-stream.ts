import type { Readable } from "node:stream";

/** Where a download's bytes come from, a piece at a time. */
export type ChunkSource = {
  /** The next piece, or null at the end; asked only once the client has taken the last. */
  next(): Promise<Uint8Array | null>;
  /** Lets go of what the source holds (a file, a bucket's connection); may be called early. */
  close(): void;
};

/** A stream from storage as a source: read only as far as its pieces are asked for. */
export function readableSource(stream: Readable): ChunkSource {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  return {
    async next() {
      const read = await iterator.next();
      return read.done ? null : read.value;
    },
    close() {
      stream.destroy();
    },
  };
}

export type PulledStreamOptions = {
  /** A client that takes no piece for this long is dropped, and the source let go of. */
  idleMs: number;
  /**
   * Closes the idle client's connection; its close then cancels this stream. Without it the
   * stream fails instead, which the server answers by closing the connection itself.
   */
  onIdle?: () => void;
  /** Called once when the download ends, whichever way: read whole, failed, cancelled, idle. */
  onEnd?: () => void;
};

/**
 * The body of a download: each piece is read from `source` only when the client's side asks
 * for one (no read-ahead: a high-water mark of 0), so a client that stops reading holds one
 * piece in memory, not the file. A client that leaves cancels it; one that stays but takes
 * nothing for `idleMs` is dropped. Either way the source is closed at once.
 */
export function pulledStream(
  source: ChunkSource,
  options: PulledStreamOptions,
): ReadableStream<Uint8Array> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let ended = false;

  function end(): void {
    clearTimeout(timer);
    if (ended) return;
    ended = true;
    source.close();
    options.onEnd?.();
  }

  function waitForClient(controller: ReadableStreamDefaultController<Uint8Array>): void {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (ended) return;
      end();
      if (options.onIdle) options.onIdle();
      else controller.error(new Error("The download's client stopped reading"));
    }, options.idleMs);
    timer.unref?.();
  }

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        waitForClient(controller);
      },
      async pull(controller) {
        clearTimeout(timer);
        if (ended) return;
        try {
          const chunk = await source.next();
          if (ended) return;
          if (chunk === null) {
            end();
            controller.close();
            return;
          }
          controller.enqueue(chunk);
          waitForClient(controller);
        } catch (error) {
          end();
          controller.error(error);
        }
      },
      cancel() {
        end();
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * How many downloads each user may hold open at once in this process. A slot is taken before
 * the first byte and given back when the download ends, whichever way it ends.
 */
export function createDownloadSlots(perUser: number) {
  const open = new Map<string, number>();
  return {
    /** A slot for `userId`, as the function that gives it back (once); null when all are taken. */
    take(userId: string): (() => void) | null {
      const held = open.get(userId) ?? 0;
      if (held >= perUser) return null;
      open.set(userId, held + 1);
      let given = false;
      return () => {
        if (given) return;
        given = true;
        const left = (open.get(userId) ?? 1) - 1;
        if (left <= 0) open.delete(userId);
        else open.set(userId, left);
      };
    },
    /** Downloads open now, over every user (for tests and diagnostics). */
    size(): number {
      let total = 0;
      for (const held of open.values()) total += held;
      return total;
    },
  };
}

export type DownloadSlots = ReturnType<typeof createDownloadSlots>;
