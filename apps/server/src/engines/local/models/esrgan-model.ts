import { InferenceSession, Tensor } from "onnxruntime-node";
import { EngineError, throwIfAborted } from "../../image-engine.ts";
import { buildEsrganGraph, ESRGAN_INPUT, ESRGAN_OUTPUT } from "./esrgan-graph.ts";
import { queueModelRun, releaseWhenAnotherModelRuns } from "./model-runs.ts";
import { encodeOnnxModel } from "./onnx-writer.ts";

/**
 * A 2x super-resolution network on one tile: planar RGB (R plane, G plane, B plane) in 0..255
 * in, planar RGB of twice the width and height out. Tests may pass a stand-in.
 */
export type TileModel = {
  /** Input pixels an output pixel depends on, each way: the overlap tiles need. */
  reach: number;
  run(rgb: Float32Array, width: number, height: number, signal: AbortSignal): Promise<Float32Array>;
};

const ESRGAN_MODEL = "esrgan";
let loaded: Promise<InferenceSession> | undefined;

/** The ESRGAN-slim session, translated from the package's weights and created on first use. */
function esrganSession(): Promise<InferenceSession> {
  // async, so a missing package or an unknown layer (thrown while building) becomes a rejection.
  loaded ??= (async () =>
    InferenceSession.create(encodeOnnxModel(buildEsrganGraph().graph), {
      intraOpNumThreads: 2,
      interOpNumThreads: 1,
      executionMode: "sequential",
      graphOptimizationLevel: "all",
      // The arena keeps one tile's buffers (~0.2 GB at 256² tiles) between runs. Without it,
      // every run maps and unmaps them: a higher peak (glibc keeps freed blocks) and ~15% more
      // CPU. Tiles all have one shape, so the memory pattern is planned once and reused.
      enableCpuMemArena: true,
    }))().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}

let pending = 0;

function release(): void {
  const session = loaded;
  if (pending > 0 || !session) return;
  loaded = undefined;
  session.then((s) => s.release()).catch(() => undefined);
}

/**
 * The session's arena keeps ~0.2 GB after a job, which would add to ISNet's peak in a later
 * cut-out: it is released when a cut-out takes the model queue, or once no tile has run for
 * this long. Re-creating it costs a few tenths of a second.
 */
const RELEASE_AFTER_IDLE_MS = 30_000;
let idleTimer: NodeJS.Timeout | undefined;
releaseWhenAnotherModelRuns(ESRGAN_MODEL, release);

function releaseWhenIdle(): void {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(release, RELEASE_AFTER_IDLE_MS);
  idleTimer.unref();
}

/** The receptive reach of ESRGAN-slim x2; fixed by its layers (checked by a test). */
export const ESRGAN_REACH = 10;

/** The real model, behind the TileModel shape. */
export const esrganTileModel: TileModel = {
  reach: ESRGAN_REACH,
  run(rgb, width, height, signal) {
    pending += 1;
    // Tiles queue with every other model run: two jobs interleave tile by tile.
    const run = queueModelRun(ESRGAN_MODEL, async () => {
      throwIfAborted(signal);
      const session = await esrganSession().catch((error: unknown) => {
        throw new EngineError("unavailable", "The upscaling model could not be loaded", {
          cause: error,
        });
      });
      const feeds = { [ESRGAN_INPUT]: new Tensor("float32", rgb, [1, 3, height, width]) };
      const result = await session.run(feeds, [ESRGAN_OUTPUT]);
      const output = result[ESRGAN_OUTPUT];
      if (!output || !(output.data instanceof Float32Array)) {
        throw new Error("ESRGAN returned no float image");
      }
      return output.data;
    });
    run
      .catch(() => undefined)
      .finally(() => {
        pending -= 1;
        releaseWhenIdle();
      });
    return run;
  },
};
