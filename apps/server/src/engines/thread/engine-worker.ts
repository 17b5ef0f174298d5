import { parentPort, workerData } from "node:worker_threads";
import { EngineError, type ImageEngine, type JobContext } from "../image-engine.ts";
import {
  type FromWorker,
  JOB_METHODS,
  type ThreadError,
  type ToWorker,
  type WorkerSetup,
} from "./thread-protocol.ts";
import { asBuffers, transferablesOf } from "./thread-values.ts";

/**
 * Runs engine jobs on this worker thread for `createThreadedEngine`: one engine, built once,
 * several jobs at a time, each with its own abort controller.
 */
const port = parentPort;
if (!port) throw new Error("engine-worker.ts runs only as a worker thread");
const { factory } = workerData as WorkerSetup;

let loading: Promise<ImageEngine> | null = null;
function engine(): Promise<ImageEngine> {
  // A failed build (a missing model file, say) is tried again by the next job.
  loading ??= import(factory.module)
    .then((module: Record<string, (options: unknown) => ImageEngine>) => {
      const build = module[factory.exportName];
      if (typeof build !== "function") {
        throw new Error(`${factory.module} has no export ${factory.exportName}`);
      }
      return build(factory.options);
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

const running = new Map<number, AbortController>();

function post(message: FromWorker, transfer: ArrayBuffer[] = []): void {
  try {
    port?.postMessage(message, transfer);
  } catch (error) {
    // Some buffers cannot be moved (sharp's own, on newer Node versions): copy them all then.
    if (transfer.length === 0) throw error;
    port?.postMessage(message);
  }
}

function threadError(error: unknown): ThreadError {
  if (error instanceof EngineError) {
    return { failure: error.failure, name: error.name, message: error.message };
  }
  if (error instanceof Error) return { failure: null, name: error.name, message: error.message };
  return { failure: null, name: "Error", message: String(error) };
}

async function run({ id, method, input }: Extract<ToWorker, { type: "run" }>): Promise<void> {
  const controller = new AbortController();
  running.set(id, controller);
  const ctx: JobContext = {
    signal: controller.signal,
    reportStage: (stage) => post({ id, stage }),
    reportProgress: (progress) => post({ id, progress }),
  };
  try {
    if (!JOB_METHODS.includes(method)) throw new Error(`No engine method ${method}`);
    const built = await engine();
    const result = await (built[method] as (input: unknown, ctx: JobContext) => unknown).call(
      built,
      asBuffers(input),
      ctx,
    );
    post({ id, result }, transferablesOf(result));
  } catch (error) {
    post({ id, error: threadError(error) });
  } finally {
    running.delete(id);
  }
}

const jobs = new Set<Promise<void>>();
let stopping = false;

/**
 * Ends the thread without cutting a call off: every job is told to stop at its next checkpoint,
 * and the thread ends by itself once they have. Terminating it instead while a native call runs
 * (the cut-out's inference, an image operation) makes that call fail into a thread that cannot
 * take the error, which aborts the whole process ("terminate called after throwing an instance
 * of 'Napi::Error'").
 */
async function stop(): Promise<void> {
  stopping = true;
  for (const controller of running.values()) controller.abort();
  await Promise.allSettled(jobs);
  port?.close();
}

port.on("message", (message: ToWorker) => {
  if (message.type === "cancel") running.get(message.id)?.abort();
  else if (message.type === "stop") void stop();
  else if (!stopping) {
    const job = run(message);
    jobs.add(job);
    void job.finally(() => jobs.delete(job));
  }
});
