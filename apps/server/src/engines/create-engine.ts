import type { Env } from "../config/index.ts";
import { drawsEverything, type ImageEngine, type ScenePreview } from "./image-engine.ts";
import { editRefusal, subjectTarget } from "./local/edits/index.ts";
import { LOCAL_QUEUE_NOTE } from "./local/queue-note.ts";
import { previewScene } from "./local/scene-preview.ts";
import { needsSubject } from "./local/upload-threshold.ts";
import { wantsWhiteBackground } from "./local/white-prompt.ts";
import { createThreadedEngine, type ThreadedEngine } from "./thread/threaded-engine.ts";

/**
 * An engine whose module loads on first use: the local engine's model runtime and the fal
 * client stay out of processes (and tests) that never make an image.
 */
export function lazyEngine(
  id: ImageEngine["id"],
  load: () => Promise<ImageEngine>,
  /**
   * `batches`: the engine makes several takes in one call (generateTakes); `cutsOut`: it cuts
   * uploads out (cutOut).
   */
  options: { batches?: boolean; cutsOut?: boolean } = {},
): ImageEngine {
  let loading: Promise<ImageEngine> | null = null;
  const engine = () => {
    // A failed load (a missing model file, say) is tried again by the next job.
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  return {
    id,
    generate: async (input, ctx) => (await engine()).generate(input, ctx),
    ...(options.batches
      ? {
          generateTakes: async (input, count, ctx) =>
            (await engine()).generateTakes?.(input, count, ctx),
        }
      : {}),
    ...(options.cutsOut
      ? {
          cutOut: async (input, ctx) => {
            const loaded = await engine();
            if (!loaded.cutOut) throw new Error(`The ${id} engine makes no cut-outs`);
            return loaded.cutOut(input, ctx);
          },
        }
      : {}),
    upscale: async (input, ctx) => (await engine()).upscale(input, ctx),
    edit: async (input, ctx) => (await engine()).edit(input, ctx),
    previewScene: drawsEverything,
    // Only what was loaded holds anything to release.
    close: async () => (await loading?.catch(() => undefined))?.close?.(),
  };
}

/**
 * fal draws whatever the prompt says, but hands a white background to the local engine, which
 * makes it square at the photo's own size: the preview says so, as the local engine's does.
 */
async function falPreview(prompt: string): Promise<ScenePreview> {
  const drawn = await drawsEverything(prompt);
  return wantsWhiteBackground(prompt) ? { ...drawn, marketplace: true } : drawn;
}

/** How the fal engine reaches fal; tests route it to the in-repo emulator. */
export type FalTransport = { fetch: typeof fetch; pollIntervalMs?: number };

/** The engine the configuration asks for (ARCHITECTURE point 1: `IMAGE_ENGINE`, `FAL_KEY`). */
export function createEngine(
  env: Pick<Env, "imageEngine" | "falKey" | "falEndpoints">,
  falTransport?: FalTransport,
): ImageEngine {
  if (env.imageEngine === "fal") {
    const credentials = env.falKey ?? "";
    const fal = lazyEngine(
      "fal",
      async () => {
        const { createFalClient } = await import("@fal-ai/client");
        const { createFalEngine } = await import("./fal/fal.engine.ts");
        const { falEndpoints } = await import("./fal/fal-endpoints.ts");
        const client = createFalClient({
          credentials,
          ...(falTransport ? { fetch: falTransport.fetch } : {}),
        });
        const endpoints = falEndpoints(env.falEndpoints);
        // White backgrounds, cut-outs and the product's pixels kept: the local engine's work.
        const local = {
          engine: localEngine(),
          wantsWhite: wantsWhiteBackground,
          changesProduct: (prompt: string) => subjectTarget(prompt) !== undefined,
        };
        return createFalEngine({ client, endpoints, local, ...falTransport });
      },
      { batches: true, cutsOut: true },
    );
    return { ...fal, previewScene: falPreview };
  }
  return localEngine();
}

/**
 * The local engine on a worker thread, which starts with its first job: the model runtime
 * stays out of processes that never make an image, and the pixel work off the HTTP event loop.
 * Previews are drawn here, small and quick, so they never wait behind a job on the thread.
 */
function localEngine(): ThreadedEngine {
  return createThreadedEngine({
    checkEdit: editRefusal,
    needsSubject,
    exactByDefault: wantsWhiteBackground,
    previewScene,
    queueNote: LOCAL_QUEUE_NOTE,
  });
}
