import type { ProcessingMethod } from "@backdrop/shared";
import type { FalClient, QueueStatus } from "@fal-ai/client";
import type { JobStage } from "../image-engine.ts";
import type { FalCall } from "./fal-endpoints.ts";
import { toEngineError, untilAborted } from "./fal-errors.ts";
import { FAL_FILE_LIFETIME } from "./fal-files.ts";

export type CallOptions = {
  method: ProcessingMethod;
  signal: AbortSignal;
  pollIntervalMs: number;
  report(stage: JobStage): void;
};

/** A cancel is a courtesy (fal stops charging); it must not hold the failed job up. */
const CANCEL_TIMEOUT_MS = 5_000;

function cancelQuietly(client: FalClient, endpoint: string, requestId: string) {
  client.queue
    .cancel(endpoint, { requestId, abortSignal: AbortSignal.timeout(CANCEL_TIMEOUT_MS) })
    .catch(() => undefined);
}

/**
 * Runs one model call and resolves to its output JSON. "realtime" is fal's synchronous run
 * endpoint (the connection stays open for the whole inference); "queue" submits to fal's queue
 * and polls it. A queued request is cancelled when the job's signal fires.
 */
export async function callFal(
  client: FalClient,
  endpoint: string,
  call: FalCall,
  options: CallOptions,
) {
  const { signal, report } = options;
  const storageSettings = { expiresIn: FAL_FILE_LIFETIME } as const;
  let requestId: string | undefined;
  try {
    if (options.method === "realtime") {
      report(call.stage);
      const run = client.run(endpoint, {
        input: call.input,
        abortSignal: signal,
        storageSettings,
      });
      return (await untilAborted(run, signal)).data as unknown;
    }
    const onQueueUpdate = (update: QueueStatus) => {
      if (update.status === "IN_QUEUE") report("queued");
      if (update.status === "IN_PROGRESS") report(call.stage);
    };
    const subscription = client.subscribe(endpoint, {
      input: call.input,
      abortSignal: signal,
      storageSettings,
      pollInterval: options.pollIntervalMs,
      onEnqueue: (id) => {
        requestId = id;
        report("queued");
      },
      onQueueUpdate,
    });
    return (await untilAborted(subscription, signal)).data as unknown;
  } catch (error) {
    if (signal.aborted && requestId) cancelQuietly(client, endpoint, requestId);
    throw toEngineError(error, { signal, requestKnown: requestId !== undefined });
  }
}
