import { EventEmitter } from "node:events";
import type { Redis } from "ioredis";
import type { RedisConnector } from "../lib/redis-connection.ts";

/** A record changed: a job was queued, moved to a new stage, or ended. */
export type RecordChange = { userId: string; recordId: string; jobId: string | null };

export type RecordEvents = {
  publish(change: RecordChange): void;
  /** Calls `listener` for each change of the record until the returned function is called. */
  subscribe(recordId: string, listener: (change: RecordChange) => void): () => void;
  close(): Promise<void>;
};

/** Changes seen by this process only: enough when the jobs run in it (the inline driver). */
export function createLocalRecordEvents(): RecordEvents {
  const emitter = new EventEmitter();
  // Each open page listens to its record; the default limit of 10 is no leak signal here.
  emitter.setMaxListeners(0);
  return {
    publish(change) {
      emitter.emit(change.recordId, change);
    },
    subscribe(recordId, listener) {
      emitter.on(recordId, listener);
      return () => emitter.off(recordId, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** Changes shared through Redis, so a page served by one process hears a worker's job end. */
export function createRedisRecordEvents(connect: RedisConnector, channel: string): RecordEvents {
  const local = createLocalRecordEvents();
  const publisher = connect({ lazyConnect: true, maxRetriesPerRequest: 2 });
  let subscriber: Redis | null = null;

  function listen(): void {
    if (subscriber) return;
    subscriber = connect({ maxRetriesPerRequest: null });
    subscriber.on("message", (_channel: string, message: string) => {
      try {
        local.publish(JSON.parse(message) as RecordChange);
      } catch {
        // A malformed message is not ours to act on.
      }
    });
    subscriber.on("error", () => {});
    void subscriber.subscribe(channel).catch(() => {});
  }
  publisher.on("error", () => {});

  return {
    publish(change) {
      // Delivered locally through the subscription, like every other process's changes.
      void publisher.publish(channel, JSON.stringify(change)).catch(() => {});
    },
    subscribe(recordId, listener) {
      listen();
      return local.subscribe(recordId, listener);
    },
    async close() {
      await local.close();
      publisher.disconnect();
      subscriber?.disconnect();
    },
  };
}
