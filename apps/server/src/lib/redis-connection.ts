import { Redis, type RedisOptions } from "ioredis";
import { describeError } from "./errors.ts";
import type { Logger } from "./logger.ts";

/** Reconnection waits: doubling from 1 s up to 30 s while Redis stays away. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(30_000, 1_000 * 2 ** Math.max(0, attempt - 1));
}

/** Opens connections to one Redis; the process's connections share one voice in the log. */
export type RedisConnector = (options?: RedisOptions) => Redis;

/**
 * Connections that wait longer and longer between reconnection attempts while Redis is away,
 * and say so in one line per wait for the whole process (its connections fail together)
 * instead of a stack trace per failed attempt.
 */
export function createRedisConnector(redisUrl: string, logger: Logger): RedisConnector {
  let lastError = "no answer";
  let loggedAttempt = 0;
  let down = false;

  return (options = {}) => {
    const connection = new Redis(redisUrl, {
      ...options,
      retryStrategy(attempt) {
        const delay = reconnectDelayMs(attempt);
        if (attempt > loggedAttempt) {
          loggedAttempt = attempt;
          down = true;
          logger.warn(`Redis unreachable: ${lastError}; trying again in ${delay / 1000} s`);
        }
        return delay;
      },
    });
    connection.on("error", (error: unknown) => {
      lastError = describeError(error);
    });
    connection.on("ready", () => {
      loggedAttempt = 0;
      if (down) logger.info("Redis reachable again");
      down = false;
    });
    return connection;
  };
}

/**
 * Whether the connection can carry a command now. A connection still making its first attempt
 * gets up to `graceMs` to finish it; one that has lost Redis answers false at once.
 */
export function isReady(connection: Redis, graceMs: number): Promise<boolean> {
  if (connection.status === "ready") return Promise.resolve(true);
  if (connection.status !== "connecting" && connection.status !== "connect") {
    return Promise.resolve(false);
  }
  return new Promise((resolve) => {
    const settle = (ready: boolean) => {
      clearTimeout(timer);
      connection.off("ready", onReady);
      connection.off("error", onError);
      resolve(ready);
    };
    const onReady = () => settle(true);
    const onError = () => settle(false);
    const timer = setTimeout(() => settle(false), graceMs);
    connection.once("ready", onReady);
    connection.once("error", onError);
  });
}
