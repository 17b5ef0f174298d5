import { GENERATION_DEFAULTS, UPSCALE_DEFAULTS } from "@backdrop/shared";
import { ApiError, createFalClient } from "@fal-ai/client";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createFalEngine } from "../../src/engines/fal/fal.engine.ts";
import { DEFAULT_FAL_ENDPOINTS } from "../../src/engines/fal/fal-endpoints.ts";
import { toEngineError } from "../../src/engines/fal/fal-errors.ts";
import type { FalHelper } from "../../src/engines/fal/fal-product.ts";
import {
  EngineError,
  type EngineFailure,
  type GenerateInput,
  type ImageEngine,
} from "../../src/engines/image-engine.ts";
import { subjectTarget } from "../../src/engines/local/edits/index.ts";
import { createLocalEngine } from "../../src/engines/local/local.engine.ts";
import { wantsWhiteBackground } from "../../src/engines/local/white-prompt.ts";
import { type FalEmulator, startFalEmulator } from "../fal-emulator/fal-emulator.ts";
import { describeEngineContract, photo, recordingContext } from "./engine-contract.ts";

const POLL_MS = 20;
const ICLIGHT = DEFAULT_FAL_ENDPOINTS.generate;
const CLARITY = DEFAULT_FAL_ENDPOINTS.upscale;
const NANO_BANANA = DEFAULT_FAL_ENDPOINTS.edit;

function falEngine(emulator: FalEmulator, key = "test-key") {
  const client = createFalClient({ credentials: key, fetch: emulator.fetch });
  return createFalEngine({ client, fetch: emulator.fetch, pollIntervalMs: POLL_MS });
}

describeEngineContract("fal", async () => {
  const emulator = await startFalEmulator();
  return { engine: falEngine(emulator), dispose: emulator.close };
});

// As production runs it: the local engine cuts out, puts the product back and measures it.
describeEngineContract(
  "fal, keeping the product with the local engine",
  async () => {
    const emulator = await startFalEmulator();
    const client = createFalClient({ credentials: "test-key", fetch: emulator.fetch });
    const local = {
      engine: createLocalEngine() as FalHelper["engine"],
      wantsWhite: wantsWhiteBackground,
      changesProduct: (prompt: string) => subjectTarget(prompt) !== undefined,
    };
    const engine = createFalEngine({
      client,
      fetch: emulator.fetch,
      pollIntervalMs: POLL_MS,
      local,
    });
    return { engine, dispose: emulator.close };
  },
  { measures: true },
);

async function generateInput(method: GenerateInput["method"]): Promise<GenerateInput> {
  return {
    image: await photo("coffee.png"),
    prompt: "on a marble counter, morning light",
    options: { ...GENERATION_DEFAULTS },
    method,
    seed: 42,
  };
}

async function failureOf(work: Promise<unknown>): Promise<EngineFailure> {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(EngineError);
  return (error as EngineError).failure;
}

/** The body of the single call of this kind, as fal received it. */
function onlyBody(emulator: FalEmulator, kind: "run" | "submit", endpoint: string) {
  const calls = emulator.callsOf(kind, endpoint);
  expect(calls).toHaveLength(1);
  return calls[0]?.body as Record<string, unknown>;
}

describe("fal engine against the emulator", () => {
  let emulator: FalEmulator;
  let engine: ImageEngine;

  beforeAll(async () => {
    emulator = await startFalEmulator();
    engine = falEngine(emulator);
  });
  afterEach(() => emulator.reset());
  afterAll(() => emulator.close());

  describe("success", () => {
    it("generates through the synchronous run endpoint with the spec's options", async () => {
      const input = await generateInput("realtime");
      const { ctx, stages } = recordingContext();
      const result = await engine.generate(input, ctx);

      const body = onlyBody(emulator, "run", ICLIGHT);
      expect(body).toEqual({
        prompt: input.prompt,
        image_url: expect.stringMatching(/^https:\/\/v3b\.fal\.media\/files\//),
        num_inference_steps: 28,
        guidance_scale: 7,
        lowres_denoise: 0.98,
        enable_hr_fix: true,
        background_threshold: 0.67,
        seed: 42,
        output_format: "png",
      });
      expect(emulator.file(String(body.image_url))?.bytes.equals(input.image.bytes)).toBe(true);
      expect(emulator.callsOf("upload")[0]?.headers["content-type"]).toBe("image/png");
      expect(emulator.callsOf("run")[0]?.headers.authorization).toBe("Key test-key");
      // Photos and results need not outlive the job on fal's public CDN.
      const oneDay = JSON.stringify({ expiration_duration_seconds: 86_400 });
      expect(emulator.callsOf("initiate")[0]?.headers["x-fal-object-lifecycle"]).toBe(oneDay);
      expect(emulator.callsOf("run")[0]?.headers["x-fal-object-lifecycle-preference"]).toBe(oneDay);
      expect(emulator.callsOf("submit")).toHaveLength(0);
      expect(stages).toEqual(["uploading", "generating", "downloading"]);
      expect(result).toMatchObject({ contentType: "image/png", width: 600, height: 400 });
    });

    it("asks the model in words for a soft shadow or none", async () => {
      for (const [shadow, words] of [
        ["soft", ", soft contact shadow only"],
        ["none", ", no shadow"],
      ] as const) {
        const input = { ...(await generateInput("realtime")), shadow };
        await engine.generate(input, recordingContext().ctx);
        expect(onlyBody(emulator, "run", ICLIGHT).prompt).toBe(`${input.prompt}${words}`);
        emulator.reset();
      }
    });

    it("asks for the output size of another aspect, and answers at it", async () => {
      const input: GenerateInput = { ...(await generateInput("realtime")), aspect: "9:16" };
      const result = await engine.generate(input, recordingContext().ctx);
      expect(onlyBody(emulator, "run", ICLIGHT).image_size).toEqual({ width: 576, height: 1024 });
      expect(result).toMatchObject({ width: 576, height: 1024 });
    });

    it("makes several takes in one call (num_images), each downloaded, seeded once", async () => {
      const input = await generateInput("realtime");
      const takes = await engine.generateTakes?.(input, 3, recordingContext().ctx);
      expect(onlyBody(emulator, "run", ICLIGHT)).toMatchObject({ num_images: 3, seed: 42 });
      expect(takes?.map((take) => take.seed)).toEqual([42, 42, 42]);
      const bytes = (takes ?? []).map((take) => take.output.bytes.toString("base64"));
      expect(new Set(bytes).size).toBe(3);
      expect(takes?.[0]?.output).toMatchObject({ width: 600, height: 400 });
      // One take asked for is one image, with no num_images sent.
      emulator.reset();
      await engine.generate(input, recordingContext().ctx);
      expect(onlyBody(emulator, "run", ICLIGHT)).not.toHaveProperty("num_images");
    });

    it("hands a plain white background to the local maker: no model, nothing paid at fal", async () => {
      const made = { ...(await photo("coffee.png")), bytes: Buffer.from("white") };
      const generate = vi.fn(async () => made);
      // No subject to keep in this photo, as far as this helper knows: pictures pass as drawn.
      const cutOut = vi.fn(async () => {
        throw new EngineError("no-subject", "none");
      });
      const keepSubject = vi.fn(async () => made);
      const local = {
        engine: { generate, cutOut, keepSubject },
        wantsWhite: wantsWhiteBackground,
        changesProduct: () => false,
      };
      const client = createFalClient({ credentials: "test-key", fetch: emulator.fetch });
      const withWhite = createFalEngine({ client, fetch: emulator.fetch, local });
      const input = { ...(await generateInput("realtime")), prompt: "pure white background" };

      expect(await withWhite.generate(input, recordingContext().ctx)).toBe(made);
      expect(await withWhite.generateTakes?.(input, 3, recordingContext().ctx)).toBeUndefined();
      expect(generate).toHaveBeenCalledOnce();
      expect(emulator.callsOf("run")).toHaveLength(0);
      expect(emulator.callsOf("upload")).toHaveLength(0);
      // Any other scene still goes to the model.
      await withWhite.generate(await generateInput("realtime"), recordingContext().ctx);
      expect(emulator.callsOf("run", ICLIGHT)).toHaveLength(1);
      expect(generate).toHaveBeenCalledOnce();
      expect(keepSubject).not.toHaveBeenCalled();
    });

    it("generates through the queue, reporting its place and progress", async () => {
      const input = await generateInput("queue");
      const { ctx, stages } = recordingContext();
      const result = await engine.generate(input, ctx);

      expect(onlyBody(emulator, "submit", ICLIGHT)).toMatchObject({
        num_inference_steps: 28,
        guidance_scale: 7,
        lowres_denoise: 0.98,
        enable_hr_fix: true,
      });
      expect(emulator.callsOf("run")).toHaveLength(0);
      const [status] = emulator.callsOf("status", ICLIGHT);
      expect(status?.path).toMatch(/^\/fal-ai\/iclight-v2\/requests\/[\w-]+\/status$/);
      expect(stages).toEqual(["uploading", "queued", "generating", "downloading"]);
      expect(result).toMatchObject({ contentType: "image/png", width: 600, height: 400 });
    });

    it("upscales with clarity-upscaler's options on the queue", async () => {
      const image = await photo("rocket.jpg");
      const { ctx, stages } = recordingContext();
      const result = await engine.upscale({ image, options: { ...UPSCALE_DEFAULTS } }, ctx);

      const body = onlyBody(emulator, "submit", CLARITY);
      expect(body).toEqual({
        image_url: expect.any(String),
        upscale_factor: 2,
        creativity: 0.35,
        resemblance: 0.6,
      });
      expect(emulator.file(String(body.image_url))?.contentType).toBe("image/jpeg");
      expect(stages).toContain("upscaling");
      expect(result).toMatchObject({ width: 1280, height: 854 });
    });

    it("edits with Nano Banana 2 at a resolution that keeps the image's size", async () => {
      const image = await photo("coffee.png");
      const { ctx, stages } = recordingContext();
      const result = await engine.edit({ image, prompt: "make it black and white" }, ctx);

      const body = onlyBody(emulator, "submit", NANO_BANANA);
      expect(body).toEqual({
        prompt: "make it black and white",
        image_urls: [expect.stringMatching(/^https:\/\/v3b\.fal\.media\//)],
        num_images: 1,
        resolution: "1K",
        aspect_ratio: "auto",
        output_format: "png",
      });
      expect(emulator.callsOf("submit")[0]?.path).toBe("/fal-ai/nano-banana-2/edit");
      // Status and result leave the sub-path out.
      expect(emulator.callsOf("result", NANO_BANANA)[0]?.path).toMatch(
        /^\/fal-ai\/nano-banana-2\/requests\/[\w-]+$/,
      );
      // The model answers 1024 px on the long side; the edit comes back at the photo's size.
      expect(result).toMatchObject({ width: image.width, height: image.height });
      expect(stages).toEqual(["uploading", "queued", "editing", "downloading"]);
      const [red, green, blue] = (await sharp(result.bytes).stats()).channels;
      expect(red?.mean).toBeCloseTo(green?.mean ?? 0, 3);
      expect(green?.mean).toBeCloseTo(blue?.mean ?? 0, 3);
    });
  });

  describe("failures", () => {
    it("rejects an input fal finds invalid (422 from the model's own checks)", async () => {
      const input = await generateInput("realtime");
      input.options = { ...input.options, num_inference_steps: 500 };
      expect(await failureOf(engine.generate(input, recordingContext().ctx))).toBe("rejected");
      expect(emulator.callsOf("run")).toHaveLength(1);
    });

    it("rejects when the queued model answers a validation error", async () => {
      emulator.failNext(ICLIGHT, { status: 422 });
      const work = engine.generate(await generateInput("queue"), recordingContext().ctx);
      expect(await failureOf(work)).toBe("rejected");
    });

    it("rejects a result fal's safety checker flagged", async () => {
      emulator.flagNsfwNext();
      const work = engine.generate(await generateInput("realtime"), recordingContext().ctx);
      expect(await failureOf(work)).toBe("rejected");
      expect(emulator.callsOf("file")).toHaveLength(0);
    });

    it("rides out one 503 on the queue: the client retries and the job succeeds", async () => {
      emulator.failNext(NANO_BANANA, { status: 503 });
      const image = await photo("coffee.png");
      const result = await engine.edit({ image, prompt: "warmer" }, recordingContext().ctx);
      expect(result.width).toBe(600);
      expect(emulator.callsOf("result", NANO_BANANA)).toHaveLength(2);
    });

    it("is unavailable when the queued model keeps failing with 500 (not retried)", async () => {
      emulator.failNext(CLARITY, { status: 500, times: Number.POSITIVE_INFINITY });
      const image = await photo("rocket.jpg");
      const work = engine.upscale(
        { image, options: { ...UPSCALE_DEFAULTS } },
        recordingContext().ctx,
      );
      expect(await failureOf(work)).toBe("unavailable");
      expect(emulator.callsOf("result", CLARITY)).toHaveLength(1);
    });

    it("is unavailable once the client's retries of a lasting 502 run out", async () => {
      emulator.failNext(ICLIGHT, { status: 502, times: Number.POSITIVE_INFINITY });
      const work = engine.generate(await generateInput("realtime"), recordingContext().ctx);
      expect(await failureOf(work)).toBe("unavailable");
      // fal.run: the first attempt and 3 retries (0.5 s, 1 s, 2 s apart).
      expect(emulator.callsOf("run", ICLIGHT)).toHaveLength(4);
    }, 15_000);

    it("times out when fal reports its request timeout (504 request_timeout)", async () => {
      emulator.failNext(ICLIGHT, {
        status: 504,
        headers: { "x-fal-request-timeout-type": "user" },
      });
      const work = engine.generate(await generateInput("realtime"), recordingContext().ctx);
      expect(await failureOf(work)).toBe("timeout");
      expect(emulator.callsOf("run", ICLIGHT)).toHaveLength(1);
    });

    it("is unavailable when the result's file cannot be downloaded", async () => {
      emulator.expireOutputNext(NANO_BANANA);
      const image = await photo("coffee.png");
      const work = engine.edit({ image, prompt: "sharper" }, recordingContext().ctx);
      expect(await failureOf(work)).toBe("unavailable");
      expect(emulator.callsOf("file")).toHaveLength(1);
    });

    it("is unavailable when fal refuses the key", async () => {
      const work = falEngine(emulator, "wrong-key").edit(
        { image: await photo("coffee.png"), prompt: "brighter" },
        recordingContext().ctx,
      );
      expect(await failureOf(work)).toBe("unavailable");
      expect(emulator.calls.map((call) => call.kind)).toEqual(["initiate"]);
    });

    it("is lost when fal no longer knows a queued request", async () => {
      emulator.hangNext(ICLIGHT);
      const work = engine.generate(await generateInput("queue"), recordingContext().ctx);
      const requestId = await vi.waitFor(() => {
        const id = emulator.callsOf("submit", ICLIGHT)[0]?.requestId;
        if (!id) throw new Error("not submitted yet");
        return id;
      });
      emulator.forget(requestId);
      expect(await failureOf(work)).toBe("lost");
    });
  });

  describe("time limits", () => {
    it("does not call fal once the job's time is already up", async () => {
      const controller = new AbortController();
      controller.abort();
      const { ctx, stages } = recordingContext(controller.signal);
      const work = engine.edit({ image: await photo("coffee.png"), prompt: "x" }, ctx);
      expect(await failureOf(work)).toBe("timeout");
      expect(emulator.calls).toHaveLength(0);
      expect(stages).toEqual([]);
    });

    it("stops waiting on a hung queued request, and cancels it", async () => {
      emulator.hangNext(ICLIGHT);
      const { ctx, stages } = recordingContext(AbortSignal.timeout(300));
      const started = Date.now();
      const work = engine.generate(await generateInput("queue"), ctx);
      expect(await failureOf(work)).toBe("timeout");
      expect(Date.now() - started).toBeLessThan(1_500);
      expect(stages).toContain("generating");
      const requestId = emulator.callsOf("submit", ICLIGHT)[0]?.requestId;
      await vi.waitFor(() => {
        const [cancel] = emulator.callsOf("cancel", ICLIGHT);
        expect(cancel?.method).toBe("PUT");
        expect(cancel?.path).toBe(`/fal-ai/iclight-v2/requests/${requestId}/cancel`);
      });
    });

    it("stops waiting on a synchronous run that never answers", async () => {
      emulator.hangNext(ICLIGHT);
      const { ctx } = recordingContext(AbortSignal.timeout(300));
      const started = Date.now();
      const work = engine.generate(await generateInput("realtime"), ctx);
      expect(await failureOf(work)).toBe("timeout");
      expect(Date.now() - started).toBeLessThan(1_500);
      expect(emulator.callsOf("run", ICLIGHT)).toHaveLength(1);
    });
  });
});

describe("fal error mapping", () => {
  const signal = new AbortController().signal;
  const apiError = (status: number, body: unknown = {}) =>
    new ApiError({ message: "x", status, body, requestId: "r" });

  it.each([
    [apiError(404), false, "unavailable"],
    [apiError(404), true, "lost"],
    [apiError(400, { detail: "Image too large" }), false, "rejected"],
    [apiError(429), false, "unavailable"],
    [apiError(504, { error_type: "startup_timeout" }), true, "timeout"],
    [apiError(504), true, "unavailable"],
    [new TypeError("fetch failed"), false, "unavailable"],
  ] as const)("maps %s (request known: %s) to %s", (error, requestKnown, failure) => {
    expect(toEngineError(error, { signal, requestKnown }).failure).toBe(failure);
  });
});
