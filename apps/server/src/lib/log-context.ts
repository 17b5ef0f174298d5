import { AsyncLocalStorage } from "node:async_hooks";

/** What every log line written inside a request or a job says about it (`requestId`, `jobId`). */
export type LogContext = Record<string, string>;

const current = new AsyncLocalStorage<LogContext>();

/**
 * Runs `work` with `fields` as the context of every line it logs, however deep. The context is
 * its own, not added to the caller's: a job started while a request runs (the inline queue
 * drains in whichever request's turn) is not part of that request.
 */
export function withLogContext<T>(fields: LogContext, work: () => T): T {
  return current.run(fields, work);
}

/** A copy of the current context: the logger merges a line's fields into what it is given. */
export function logContext(): LogContext {
  return { ...current.getStore() };
}
