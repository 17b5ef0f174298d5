import type { ProcessingMethod } from "@backdrop/shared";
import type { FalClient } from "@fal-ai/client";
import {
  drawsEverything,
  EngineError,
  type EngineImage,
  type ImageEngine,
  type JobContext,
  type JobStage,
  throwIfAborted,
} from "../image-engine.ts";
import {
  DEFAULT_FAL_ENDPOINTS,
  editCall,
  type FalCall,
  type FalEndpoints,
  generateCall,
  upscaleCall,
} from "./fal-endpoints.ts";
import { downloadImage, uploadImage } from "./fal-files.ts";
import { resultImageUrls } from "./fal-output.ts";
import { callFal } from "./fal-request.ts";
import { atSize } from "./fal-sizes.ts";

export type FalEngineOptions = {
  /** From `createFalClient({ credentials: FAL_KEY })`. */
  client: FalClient;
  /** Downloads the results; the global fetch unless told otherwise (tests route it to the emulator). */
  fetch?: typeof fetch;
  /** How often a queued request's status is asked for. */
  pollIntervalMs?: number;
  /** The model of each call (DEFAULT_FAL_ENDPOINTS unless configured). */
  endpoints?: FalEndpoints;
  /**
   * Who makes a plain white background instead of a model: it needs none, so it costs nothing
   * at fal and comes out a true #FFFFFF (the local engine, on its thread).
   */
  white?: { engine: Pick<ImageEngine, "generate" | "close">; wants(prompt: string): boolean };
};

const DEFAULT_POLL_INTERVAL_MS = 1_000;

/** Reports a stage only when it changes: queue polls repeat the same status. */
function stageReporter(ctx: JobContext) {
  let current: JobStage | undefined;
  return (stage: JobStage) => {
    if (stage === current) return;
    current = stage;
    ctx.reportStage(stage);
  };
}

/** The generative engine on fal.ai (ARCHITECTURE point 6). */
export function createFalEngine(options: FalEngineOptions): ImageEngine {
  const { client, fetch: fetchFn = fetch, endpoints = DEFAULT_FAL_ENDPOINTS, white } = options;
  const whiteMaker = (prompt: string) => (white?.wants(prompt) ? white.engine : undefined);
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;

  /** Upload the image, run the model on it, copy its answers back. */
  async function processAll(
    image: EngineImage,
    toCall: (imageUrl: string) => FalCall,
    method: ProcessingMethod,
    ctx: JobContext,
  ): Promise<EngineImage[]> {
    const { signal } = ctx;
    throwIfAborted(signal);
    const report = stageReporter(ctx);
    report("uploading");
    const call = toCall(await uploadImage(client, image, signal));
    const endpoint = endpoints[call.role];
    const data = await callFal(client, endpoint, call, { method, signal, pollIntervalMs, report });
    const urls = resultImageUrls(data, call.answer);
    report("downloading");
    return Promise.all(urls.map((url) => downloadImage(fetchFn, url, signal)));
  }

  /** The one image a single-image call answers. */
  async function process(...args: Parameters<typeof processAll>): Promise<EngineImage> {
    const [first] = await processAll(...args);
    if (!first) throw new EngineError("unavailable", "fal's answer holds no image");
    return first;
  }

  return {
    id: "fal",
    generate: (input, ctx) =>
      whiteMaker(input.prompt)?.generate(input, ctx) ??
      process(input.image, (url) => generateCall(url, input), input.method, ctx),
    // All takes come from one call seeded once: that seed and count make the same takes again.
    // Takes on white are made one by one, as generate() makes them.
    generateTakes: async (input, count, ctx) => {
      if (whiteMaker(input.prompt)) return undefined;
      const call = (url: string) => generateCall(url, input, count);
      const images = await processAll(input.image, call, input.method, ctx);
      return images.map((output) => ({ output, seed: input.seed }));
    },
    upscale: (input, ctx) => process(input.image, (url) => upscaleCall(url, input), "queue", ctx),
    edit: async (input, ctx) => {
      const edited = await process(input.image, (url) => editCall(url, input), "queue", ctx);
      return atSize(edited, input.image);
    },
    previewScene: drawsEverything,
    close: async () => white?.engine.close?.(),
  };
}
