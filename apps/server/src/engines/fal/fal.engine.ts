import type { ProcessingMethod } from "@backdrop/shared";
import type { FalClient } from "@fal-ai/client";
import {
  drawsEverything,
  type EngineImage,
  type ImageEngine,
  type JobContext,
  type JobStage,
  throwIfAborted,
} from "../image-engine.ts";
import { editCall, type FalCall, generateCall, upscaleCall } from "./fal-endpoints.ts";
import { downloadImage, uploadImage } from "./fal-files.ts";
import { resultImageUrl } from "./fal-output.ts";
import { callFal } from "./fal-request.ts";

export type FalEngineOptions = {
  /** From `createFalClient({ credentials: FAL_KEY })`. */
  client: FalClient;
  /** Downloads the results; the global fetch unless told otherwise (tests route it to the emulator). */
  fetch?: typeof fetch;
  /** How often a queued request's status is asked for. */
  pollIntervalMs?: number;
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
  const { client, fetch: fetchFn = fetch } = options;
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;

  /** Upload the image, run the model on it, copy the answer back. */
  async function process(
    image: EngineImage,
    toCall: (imageUrl: string) => FalCall,
    method: ProcessingMethod,
    ctx: JobContext,
  ): Promise<EngineImage> {
    const { signal } = ctx;
    throwIfAborted(signal);
    const report = stageReporter(ctx);
    report("uploading");
    const call = toCall(await uploadImage(client, image, signal));
    const data = await callFal(client, call, { method, signal, pollIntervalMs, report });
    const url = resultImageUrl(data, call.answer);
    report("downloading");
    return downloadImage(fetchFn, url, signal);
  }

  return {
    id: "fal",
    generate: (input, ctx) =>
      process(input.image, (url) => generateCall(url, input), input.method, ctx),
    upscale: (input, ctx) => process(input.image, (url) => upscaleCall(url, input), "queue", ctx),
    edit: (input, ctx) => process(input.image, (url) => editCall(url, input), "queue", ctx),
    previewScene: drawsEverything,
  };
}
