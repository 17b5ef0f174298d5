import type { ProcessingMethod } from "@backdrop/shared";
import type { FalClient } from "@fal-ai/client";
import {
  drawsEverything,
  EngineError,
  type EngineImage,
  type EngineResult,
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
import { type FalHelper, productKeeper } from "./fal-product.ts";
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
   * The local engine, on its thread, for what needs no model: a plain white background (free at
   * fal, a true #FFFFFF), the upload's cut-out, and the product's pixels put back and measured
   * after every model call. Without it, fal's pictures come as the models drew them.
   */
  local?: FalHelper;
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

/** A result a model made part of, as its file will say (a white backdrop is made without one). */
function byModel(result: EngineResult): EngineResult {
  return { ...result, madeBy: "compositeWithTrainedAlgorithmicMedia" };
}

/** The generative engine on fal.ai (ARCHITECTURE point 6). */
export function createFalEngine(options: FalEngineOptions): ImageEngine {
  const { client, fetch: fetchFn = fetch, endpoints = DEFAULT_FAL_ENDPOINTS, local } = options;
  const whiteMaker = (prompt: string) => (local?.wantsWhite(prompt) ? local.engine : undefined);
  const keeper = productKeeper(local);
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
    // The upload's cut-out, when not ready, is made on the local thread while fal works.
    generate: async (input, ctx) => {
      const white = whiteMaker(input.prompt);
      if (white) return white.generate(input, ctx);
      const [subject, picture] = await Promise.all([
        keeper.uploadSubject(input, ctx),
        process(input.image, (url) => generateCall(url, input), input.method, ctx),
      ]);
      const [kept] = await keeper.keepAll([picture], subject, input, ctx);
      return byModel(kept ?? picture);
    },
    // All takes come from one call seeded once: that seed and count make the same takes again.
    // Takes on white are made one by one, as generate() makes them.
    generateTakes: async (input, count, ctx) => {
      if (whiteMaker(input.prompt)) return undefined;
      const call = (url: string) => generateCall(url, input, count);
      const [subject, images] = await Promise.all([
        keeper.uploadSubject(input, ctx),
        processAll(input.image, call, input.method, ctx),
      ]);
      const kept = await keeper.keepAll(images, subject, input, ctx);
      return kept.map((output) => ({ output: byModel(output), seed: input.seed }));
    },
    upscale: async (input, ctx) => {
      const enlarged = await process(input.image, (url) => upscaleCall(url, input), "queue", ctx);
      return byModel(await keeper.afterUpscale(enlarged, input, ctx));
    },
    edit: async (input, ctx) => {
      const edited = await process(input.image, (url) => editCall(url, input), "queue", ctx);
      return byModel(await keeper.afterEdit(await atSize(edited, input.image), input, ctx));
    },
    ...(local ? { cutOut: (input, ctx) => local.engine.cutOut(input, ctx) } : {}),
    previewScene: drawsEverything,
    close: async () => local?.engine.close?.(),
  };
}
