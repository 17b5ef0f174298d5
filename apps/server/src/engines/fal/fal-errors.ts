import { ApiError, ValidationError } from "@fal-ai/client";
import { EngineError } from "../image-engine.ts";

/** HTTP statuses that mean fal refused this input rather than failed to run it. */
const REFUSED = new Set([400, 413, 415, 422]);

type ErrorContext = {
  signal: AbortSignal;
  /** fal accepted a queued request, so a 404 means it lost it (not that the endpoint is wrong). */
  requestKnown?: boolean;
};

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");
}

function falDetail(error: ApiError<unknown>): string {
  if (error instanceof ValidationError) {
    const messages = error.fieldErrors.map((field) => `${field.loc.join(".")}: ${field.msg}`);
    if (messages.length > 0) return messages.join("; ");
  }
  const body = error.body as { detail?: unknown } | undefined;
  return typeof body?.detail === "string" ? body.detail : error.message;
}

function isFalTimeout(error: ApiError<unknown>): boolean {
  if (error.status === 408) return true;
  const errorType = (error.body as { error_type?: unknown } | undefined)?.error_type;
  return (
    error.status === 504 &&
    (error.timeoutType !== undefined ||
      (typeof errorType === "string" && /timeout/.test(errorType)))
  );
}

function fromApiError(error: ApiError<unknown>, requestKnown: boolean): EngineError {
  const detail = `fal answered HTTP ${error.status}: ${falDetail(error)}`;
  const options = { cause: error };
  if (REFUSED.has(error.status)) return new EngineError("rejected", detail, options);
  if (error.status === 404 && requestKnown) return new EngineError("lost", detail, options);
  if (isFalTimeout(error)) return new EngineError("timeout", detail, options);
  // 401/403 (key or account), 404 on submit (endpoint), 429 and 5xx after the client's retries.
  return new EngineError("unavailable", detail, options);
}

/** What a failed fal call means to the job (see EngineFailure). */
export function toEngineError(error: unknown, { signal, requestKnown = false }: ErrorContext) {
  if (error instanceof EngineError) return error;
  if (signal.aborted || isAbort(error)) {
    return new EngineError("timeout", "The job's time limit ran out while fal was working", {
      cause: error,
    });
  }
  if (error instanceof ApiError) return fromApiError(error, requestKnown);
  return new EngineError("unavailable", "fal could not be reached", { cause: error });
}

/**
 * Settles with `work`, or rejects with a `timeout` EngineError as soon as the signal fires:
 * the client only notices an abort at its next HTTP call, and some calls take no signal.
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () =>
      reject(new EngineError("timeout", "The job's time limit ran out while fal was working"));
    if (signal.aborted) onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
