import type { ImageEngine } from "./image-engine.ts";

/** The engine's calls that do a job's work: what a user waits on, paid or about to be. */
const WORK = ["generate", "generateTakes", "upscale", "edit", "cutOut", "keepSubject"] as const;

export type EngineActivity = {
  /** The engine, counting its job calls in flight (the scene preview is not one). */
  engine: ImageEngine;
  /** Whether any job call is in flight in this process now. */
  busy(): boolean;
};

/**
 * Counts the engine's job calls in flight in this process, so free work (a visitor's scene
 * preview) can stand aside while a job runs here. With BullMQ the jobs run in worker
 * processes and this process's engine stays idle.
 */
export function trackEngineActivity(engine: ImageEngine): EngineActivity {
  let inFlight = 0;
  const tracked: ImageEngine = { ...engine };
  for (const method of WORK) {
    const call = engine[method] as ((...args: unknown[]) => Promise<unknown>) | undefined;
    if (!call) continue;
    const counted = async (...args: unknown[]) => {
      inFlight += 1;
      try {
        return await call.apply(engine, args);
      } finally {
        inFlight -= 1;
      }
    };
    (tracked as Record<string, unknown>)[method] = counted;
  }
  return { engine: tracked, busy: () => inFlight > 0 };
}
