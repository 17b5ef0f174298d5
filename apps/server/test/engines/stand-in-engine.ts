import type { ImageEngine } from "../../src/engines/image-engine.ts";
import type { CutoutModel } from "../../src/engines/local/cutout/index.ts";
import { createLocalEngine } from "../../src/engines/local/local.engine.ts";
import { lanczosUpscaler } from "../../src/engines/local/upscale/index.ts";
import type { EngineFactory } from "../../src/engines/thread/thread-protocol.ts";
import { middleCutout } from "../helpers/stand-in-cutout.ts";

/** An edit prompt that makes the stand-in's thread exit, as a native crash would. */
export const CRASH_PROMPT = "stop the worker thread now";

export type StandInOptions = {
  /**
   * Two Int32 slots shared with the test: the cut-out sets the first to 1 when it starts,
   * then blocks its thread (as seconds of pixel loops would) until the second becomes 1.
   * A third slot, when there is one, is set to 1 once the blocked call has returned.
   */
  gate?: SharedArrayBuffer;
};

/** The stand-in as a worker thread builds it. */
export function standInFactory(options: StandInOptions = {}): EngineFactory {
  return { module: import.meta.url, exportName: "createStandInEngine", options };
}

/** Opens a gate made for `StandInOptions`: the blocked cut-out goes on. */
export function openGate(gate: SharedArrayBuffer): void {
  const slots = new Int32Array(gate);
  Atomics.store(slots, 1, 1);
  Atomics.notify(slots, 1);
}

export function gateEntered(gate: SharedArrayBuffer): boolean {
  return Atomics.load(new Int32Array(gate), 0) === 1;
}

/** Whether the call blocked at a three-slot gate returned (it was not cut off). */
export function gateLeft(gate: SharedArrayBuffer): boolean {
  return Atomics.load(new Int32Array(gate), 2) === 1;
}

/** The middle of the photo is the subject (fast and deterministic), after the gate if any. */
function gatedCutout(gate?: SharedArrayBuffer): CutoutModel {
  return {
    async predict(image, signal) {
      if (gate) {
        const slots = new Int32Array(gate);
        Atomics.store(slots, 0, 1);
        Atomics.wait(slots, 1, 0);
        if (slots.length > 2) Atomics.store(slots, 2, 1);
      }
      return middleCutout.predict(image, signal);
    },
    refine: middleCutout.refine,
  };
}

/**
 * The local engine with a stand-in cut-out, an upscale that reports its progress like a tiled
 * model, and an edit that hands back any `echo` field of its input (fields the job layer adds
 * later must cross the thread unchanged). Build it in a worker only: `CRASH_PROMPT` exits.
 */
export function createStandInEngine(options: StandInOptions = {}): ImageEngine {
  // Lanczos: fast, with one report of progress (1) that ends the stand-in's quarters.
  const local = createLocalEngine({
    cutout: gatedCutout(options.gate),
    upscaler: lanczosUpscaler,
  });
  return {
    id: "local",
    generate: (input, ctx) => local.generate(input, ctx),
    cutOut: (input, ctx) => local.cutOut?.(input, ctx) ?? Promise.reject(new Error("no cut-out")),
    keepSubject: (input, ctx) =>
      local.keepSubject?.(input, ctx) ?? Promise.reject(new Error("no paste-back")),
    previewScene: (prompt, aspect) => local.previewScene(prompt, aspect),
    async upscale(input, ctx) {
      // Lanczos reports 1 when it is done.
      for (const fraction of [0.25, 0.5, 0.75]) ctx.reportProgress?.(fraction);
      return local.upscale(input, ctx);
    },
    async edit(input, ctx) {
      if (input.prompt === CRASH_PROMPT) process.exit(7);
      const result = await local.edit(input, ctx);
      const { echo } = input as { echo?: unknown };
      return echo === undefined ? result : { ...result, echo };
    },
  };
}
