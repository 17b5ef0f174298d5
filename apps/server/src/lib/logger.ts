import { type DestinationStream, type LevelWithSilent, pino } from "pino";
import { logContext } from "./log-context.ts";

export type LogFields = Record<string, unknown>;

export type Logger = {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
};

export type LogLevel = Exclude<LevelWithSilent, "fatal" | "trace">;

/**
 * One JSON line per event (pino), each stamped with the request or job it belongs to (see
 * log-context.ts), errors with their stack. `destination` is stdout unless a test asks.
 */
export function createPinoLogger(
  options: { level?: LogLevel; name?: string; destination?: DestinationStream } = {},
): Logger {
  const log = pino(
    {
      level: options.level ?? "info",
      ...(options.name ? { name: options.name } : {}),
      mixin: () => logContext(),
      serializers: { error: pino.stdSerializers.err },
    },
    options.destination,
  );
  return {
    debug: (message, fields) => log.debug(fields ?? {}, message),
    info: (message, fields) => log.info(fields ?? {}, message),
    warn: (message, fields) => log.warn(fields ?? {}, message),
    error: (message, fields) => log.error(fields ?? {}, message),
  };
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
