import type { EngineFailure, ImageEngine, JobStage } from "../image-engine.ts";

/**
 * The engine's methods that run a job, `(input, ctx) => Promise<result>`, proxied to the worker.
 * A new one added to `ImageEngine` is added here, and the proxy and the worker follow.
 */
export const JOB_METHODS = ["generate", "upscale", "edit", "cutOut", "keepSubject"] as const;
export type JobMethod = (typeof JOB_METHODS)[number];
type Method<M extends JobMethod> = NonNullable<ImageEngine[M]>;
export type JobInput<M extends JobMethod> = Parameters<Method<M>>[0];
export type JobResult<M extends JobMethod> = Awaited<ReturnType<Method<M>>>;

/** Which module's export builds the engine inside the worker, and with what (cloneable) options. */
export type EngineFactory = { module: string; exportName: string; options?: unknown };

export type WorkerSetup = { factory: EngineFactory };

export type ToWorker =
  | { type: "run"; id: number; method: JobMethod; input: unknown }
  | { type: "cancel"; id: number }
  /** Stop every job and end the thread once no call is in flight. */
  | { type: "stop" };

/** An error as it crosses the thread: `failure` null for anything but an `EngineError`. */
export type ThreadError = { failure: EngineFailure | null; name: string; message: string };

export type FromWorker =
  | { id: number; stage: JobStage }
  | { id: number; progress: number }
  | { id: number; result: unknown }
  | { id: number; error: ThreadError };
