import { describeError } from "./errors.ts";

export type LogFields = Record<string, unknown>;

export type Logger = {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
};

function describe(fields: LogFields | undefined): string {
  if (!fields) return "";
  const parts = Object.entries(fields).map(([key, value]) => {
    const shown = value instanceof Error ? describeError(value) : value;
    return `${key}=${typeof shown === "string" ? shown : JSON.stringify(shown)}`;
  });
  return parts.length > 0 ? ` ${parts.join(" ")}` : "";
}

/** One line per event on the console; errors keep their stack on the server side. */
export function createConsoleLogger(): Logger {
  const line = (level: string, message: string, fields?: LogFields) =>
    `${new Date().toISOString()} ${level} ${message}${describe(fields)}`;
  return {
    info: (message, fields) => console.log(line("info", message, fields)),
    warn: (message, fields) => console.warn(line("warn", message, fields)),
    error: (message, fields) => {
      console.error(line("error", message, fields));
      const stack = Object.values(fields ?? {}).find(
        (value): value is Error => value instanceof Error,
      )?.stack;
      if (stack) console.error(stack);
    },
  };
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
