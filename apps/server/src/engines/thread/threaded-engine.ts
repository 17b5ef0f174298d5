import { Worker } from "node:worker_threads";
import {
  drawsEverything,
  EngineError,
  type ImageEngine,
  type JobContext,
} from "../image-engine.ts";
import {
  type EngineFactory,
  type FromWorker,
  JOB_METHODS,
  type JobMethod,
  type ThreadError,
  type ToWorker,
  type WorkerSetup,
} from "./thread-protocol.ts";
import { asBuffers } from "./thread-values.ts";

/** Built by `npm run build`, this file is JavaScript; under tsx and vitest it is TypeScript. */
const COMPILED = import.meta.url.endsWith(".js");
/** Compiled, the worker runs its own JavaScript; from source it first registers tsx. */
const WORKER_ENTRY = new URL(
  COMPILED ? "./engine-worker.js" : "./engine-worker-entry.mjs",
  import.meta.url,
);

/** The local engine, as `createLocalEngine()` builds it. */
export const LOCAL_ENGINE_FACTORY: EngineFactory = {
  module: new URL(`../local/local.engine.${COMPILED ? "js" : "ts"}`, import.meta.url).href,
  exportName: "createLocalEngine",
};

export type ThreadedEngineOptions = {
  id?: ImageEngine["id"];
  /** What the worker builds; the local engine by default, a stand-in in tests. */
  factory?: EngineFactory;
  /** The engine's edit check, run on this thread (see ImageEngine.checkEdit). */
  checkEdit?: ImageEngine["checkEdit"];
  /** Whether a generation needs the subject, asked on this thread (see ImageEngine.needsSubject). */
  needsSubject?: ImageEngine["needsSubject"];
  /** See ImageEngine.exactByDefault, asked on this thread. */
  exactByDefault?: ImageEngine["exactByDefault"];
  /** The engine's scene preview, run on this thread so it never waits behind a job. */
  previewScene?: ImageEngine["previewScene"];
  /** See ImageEngine.queueNote. */
  queueNote?: string;
};

/** Every job method is there: the worker's engine answers those it lacks with an error. */
export type ThreadedEngine = ImageEngine & {
  [M in JobMethod]-?: NonNullable<ImageEngine[M]>;
} & { close(): Promise<void> };

type Pending = {
  worker: Worker;
  ctx: JobContext;
  resolve(result: unknown): void;
  reject(error: unknown): void;
  done(): void;
};

/**
 * How long a stopping worker may take to end by itself (its jobs stop at their next checkpoint,
 * after the native call in flight) before it is terminated.
 */
const STOP_GRACE_MS = 30_000;

function timedOut(): EngineError {
  return new EngineError("timeout", "The job's time limit ran out");
}

function rebuild(error: ThreadError): Error {
  if (error.failure) return new EngineError(error.failure, error.message);
  const rebuilt = new Error(error.message);
  rebuilt.name = error.name;
  return rebuilt;
}

/**
 * An engine whose jobs run on one long-lived worker thread, so its seconds of synchronous
 * pixel work never hold up the HTTP server's event loop. The worker starts with the first job;
 * if it dies, its jobs fail as `unavailable` and the next job starts a new one. Inputs are
 * copied (the caller still owns them); results are moved where they can be.
 */
export function createThreadedEngine(options: ThreadedEngineOptions = {}): ThreadedEngine {
  const setup: WorkerSetup = { factory: options.factory ?? LOCAL_ENGINE_FACTORY };
  const pending = new Map<number, Pending>();
  let worker: Worker | null = null;
  const closed = new WeakSet<Worker>();
  let nextId = 1;

  /** An idle worker must not keep the process alive; one with jobs, or stopping, must. */
  function holdWhileBusy(target: Worker): void {
    const busy = [...pending.values()].some((job) => job.worker === target);
    if (busy || closed.has(target)) target.ref();
    else target.unref();
  }

  function start(): Worker {
    const started = new Worker(WORKER_ENTRY, { workerData: setup });
    let crash: unknown;
    // A worker being closed answers its stopped jobs; they stay unanswered here (see exit).
    started.on("message", (message: FromWorker) => {
      if (!closed.has(started)) settle(message);
    });
    started.on("error", (error) => {
      crash = error;
      if (worker === started) worker = null;
    });
    started.on("exit", (code) => {
      if (worker === started) worker = null;
      const lost = new EngineError("unavailable", `The engine's worker stopped (code ${code})`, {
        cause: crash,
      });
      for (const [id, job] of pending) {
        if (job.worker !== started) continue;
        finish(id, job);
        // Closed with the process: the job stays unanswered rather than failed, so, as after a
        // crash, its lease runs out and the next process resumes it.
        if (!closed.has(started)) job.reject(lost);
      }
    });
    started.unref();
    return started;
  }

  function finish(id: number, job: Pending): void {
    pending.delete(id);
    job.done();
    holdWhileBusy(job.worker);
  }

  function settle(message: FromWorker): void {
    const job = pending.get(message.id);
    if (!job) return;
    if ("stage" in message) job.ctx.reportStage(message.stage);
    else if ("progress" in message) job.ctx.reportProgress?.(message.progress);
    else {
      finish(message.id, job);
      if ("result" in message) job.resolve(asBuffers(message.result));
      else job.reject(rebuild(message.error));
    }
  }

  function remote<M extends JobMethod>(method: M): NonNullable<ImageEngine[M]> {
    const call = (input: unknown, ctx: JobContext) =>
      new Promise<unknown>((resolve, reject) => {
        if (ctx.signal.aborted) return reject(timedOut());
        worker ??= start();
        const target = worker;
        const id = nextId++;
        // The job ends here at once; the worker is told to stop and its late answer ignored.
        const onAbort = () => {
          const job = pending.get(id);
          if (!job) return;
          finish(id, job);
          target.postMessage({ type: "cancel", id } satisfies ToWorker);
          reject(timedOut());
        };
        ctx.signal.addEventListener("abort", onAbort, { once: true });
        const done = () => ctx.signal.removeEventListener("abort", onAbort);
        pending.set(id, { worker: target, ctx, resolve, reject, done });
        holdWhileBusy(target);
        try {
          target.postMessage({ type: "run", id, method, input } satisfies ToWorker);
        } catch (error) {
          // A value structured clone cannot copy (a function, say).
          finish(id, { worker: target, ctx, resolve, reject, done });
          reject(error);
        }
      });
    return call as unknown as NonNullable<ImageEngine[M]>;
  }

  const methods = Object.fromEntries(JOB_METHODS.map((method) => [method, remote(method)])) as {
    [M in JobMethod]: NonNullable<ImageEngine[M]>;
  };

  return {
    id: options.id ?? "local",
    ...methods,
    // Quick and pure, so it runs on this thread: an edit is refused before it is charged.
    ...(options.checkEdit ? { checkEdit: options.checkEdit } : {}),
    ...(options.needsSubject ? { needsSubject: options.needsSubject } : {}),
    ...(options.exactByDefault ? { exactByDefault: options.exactByDefault } : {}),
    previewScene: options.previewScene ?? drawsEverything,
    ...(options.queueNote ? { queueNote: options.queueNote } : {}),

    /**
     * Stops the worker, for a process that is stopping: jobs still running are not answered.
     * The worker is asked to stop and ends once the call in flight returns (see engine-worker's
     * stop); only one that has not ended after STOP_GRACE_MS is terminated.
     */
    async close() {
      const stopping = worker;
      worker = null;
      if (!stopping) return;
      closed.add(stopping);
      // The process waits for it: ending with the process would cut its call off too.
      stopping.ref();
      const ended = new Promise<void>((resolve) => stopping.once("exit", () => resolve()));
      stopping.postMessage({ type: "stop" } satisfies ToWorker);
      const grace = setTimeout(() => void stopping.terminate(), STOP_GRACE_MS);
      await ended;
      clearTimeout(grace);
    },
  };
}
