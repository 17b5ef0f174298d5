import { GENERATION_DEFAULTS, UPSCALE_DEFAULTS } from "@backdrop/shared";
import { afterAll, describe, expect, it } from "vitest";
import {
  EngineError,
  type GenerateInput,
  type JobContext,
  type JobStage,
} from "../../src/engines/image-engine.ts";
import { createLocalEngine } from "../../src/engines/local/local.engine.ts";
import { isnetSession } from "../../src/engines/local/models/index.ts";
import {
  createThreadedEngine,
  type ThreadedEngine,
} from "../../src/engines/thread/threaded-engine.ts";
import { describeEngineContract, photo } from "./engine-contract.ts";
import {
  CRASH_PROMPT,
  createStandInEngine,
  gateEntered,
  gateLeft,
  openGate,
  standInFactory,
} from "./stand-in-engine.ts";

function context(signal = new AbortController().signal) {
  const stages: JobStage[] = [];
  const progress: number[] = [];
  const ctx: JobContext = {
    signal,
    reportStage: (stage) => void stages.push(stage),
    reportProgress: (fraction) => void progress.push(fraction),
  };
  return { ctx, stages, progress };
}

async function generateInput(seed = 42): Promise<GenerateInput> {
  return {
    image: await photo("coffee.png"),
    prompt: "on a marble counter, morning light",
    options: { ...GENERATION_DEFAULTS },
    method: "realtime",
    seed,
  };
}

function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => new Error("expected a failure"),
    (error: unknown) => error,
  );
}

const engines: ThreadedEngine[] = [];
function threaded(options = {}): ThreadedEngine {
  const engine = createThreadedEngine({ factory: standInFactory(options) });
  engines.push(engine);
  return engine;
}
afterAll(async () => {
  for (const engine of engines) await engine.close();
});

// Measured too: the subject, its figures and its map cross the thread.
describeEngineContract(
  "local, on a worker thread",
  async () => {
    const engine = createThreadedEngine({ factory: standInFactory() });
    return { engine, dispose: () => engine.close() };
  },
  { measures: true },
);

describe("the threaded engine", () => {
  it("gives the same bytes as the engine in this thread, and passes stages and progress on", async () => {
    const engine = threaded();
    const inProcess = createStandInEngine();
    const input = await generateInput();
    const there = context();
    const [result, expected] = await Promise.all([
      engine.generate(input, there.ctx),
      inProcess.generate(input, context().ctx),
    ]);
    expect(Buffer.isBuffer(result.bytes)).toBe(true);
    expect(result.bytes.equals(expected.bytes)).toBe(true);
    expect(result).toMatchObject({ contentType: "image/png", width: 600, height: 400 });
    expect(there.stages).toEqual(["cutting out", "composing"]);
    // The caller's input is copied, not moved.
    expect(input.image.bytes.length).toBeGreaterThan(0);

    const upscale = context();
    const image = await photo("rocket.jpg");
    const upscaled = await engine.upscale({ image, options: { ...UPSCALE_DEFAULTS } }, upscale.ctx);
    const upscaledHere = await inProcess.upscale(
      { image, options: { ...UPSCALE_DEFAULTS } },
      context().ctx,
    );
    expect(upscaled.bytes.equals(upscaledHere.bytes)).toBe(true);
    expect(upscale.stages).toEqual(["upscaling"]);
    expect(upscale.progress).toEqual([0.25, 0.5, 0.75, 1]);
  }, 60_000);

  it("passes fields it does not know through, both ways", async () => {
    const engine = threaded();
    const echo = { scene: { revision: 3, words: ["marble"] }, mask: Buffer.from([1, 2, 3]) };
    const result = await engine.edit(
      { image: await photo("coffee.png"), prompt: "warmer", echo } as never,
      context().ctx,
    );
    const back = (result as unknown as { echo: typeof echo }).echo;
    expect(back).toEqual(echo);
    expect(Buffer.isBuffer(back.mask)).toBe(true);
  }, 60_000);

  it("keeps this thread's event loop turning while the worker's thread is blocked", async () => {
    const gate = new SharedArrayBuffer(8);
    const engine = threaded({ gate });
    let ticksWhileBlocked = 0;
    const ticker = setInterval(() => {
      if (!gateEntered(gate)) return;
      ticksWhileBlocked += 1;
      if (ticksWhileBlocked === 5) openGate(gate);
    }, 5);
    try {
      const result = await engine.generate(await generateInput(), context().ctx);
      expect(result.width).toBe(600);
      expect(ticksWhileBlocked).toBeGreaterThanOrEqual(5);
    } finally {
      clearInterval(ticker);
    }
  }, 60_000);

  it("rejects with a time-out once the job is aborted, and the worker takes the next job", async () => {
    const gate = new SharedArrayBuffer(8);
    const engine = threaded({ gate });
    const controller = new AbortController();
    const running = engine.generate(await generateInput(), context(controller.signal).ctx);
    await expect.poll(() => gateEntered(gate), { timeout: 30_000 }).toBe(true);
    controller.abort();
    const failure = await failureOf(running);
    expect(failure).toBeInstanceOf(EngineError);
    expect((failure as EngineError).failure).toBe("timeout");

    openGate(gate);
    const next = await engine.edit(
      { image: await photo("coffee.png"), prompt: "warmer" },
      context().ctx,
    );
    expect(next.contentType).toBe("image/png");
  }, 60_000);

  it("fails the jobs of a worker that dies as unavailable, and starts a new one", async () => {
    const engine = threaded();
    const image = await photo("coffee.png");
    const crashing = engine.edit({ image, prompt: CRASH_PROMPT }, context().ctx);
    const alongside = engine.generate(await generateInput(), context().ctx);
    for (const failure of [await failureOf(crashing), await failureOf(alongside)]) {
      expect(failure).toBeInstanceOf(EngineError);
      expect((failure as EngineError).failure).toBe("unavailable");
    }
    const after = await engine.generate(await generateInput(), context().ctx);
    expect(after.width).toBe(600);
  }, 60_000);

  it("closes without cutting off the call in flight, and leaves its job unanswered", async () => {
    // The gate stands in for a native call (the cut-out's inference): one cut off by
    // terminating its thread aborts the whole process.
    const gate = new SharedArrayBuffer(12);
    const engine = createThreadedEngine({ factory: standInFactory({ gate }) });
    let answered = false;
    const job = engine.generate(await generateInput(), context().ctx);
    void job.then(
      () => (answered = true),
      () => (answered = true),
    );
    await expect.poll(() => gateEntered(gate), { timeout: 30_000 }).toBe(true);

    const closing = engine.close();
    openGate(gate);
    await closing;

    expect(gateLeft(gate)).toBe(true);
    // Closed with the process: its lease runs out and the next process resumes it.
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
  }, 60_000);

  it("rebuilds an engine's failure on this side", async () => {
    const engine = threaded();
    const controller = new AbortController();
    controller.abort();
    const failure = await failureOf(
      engine.generate(await generateInput(), context(controller.signal).ctx),
    );
    expect((failure as EngineError).failure).toBe("timeout");
    const unreadable = await failureOf(
      engine.upscale(
        {
          image: {
            bytes: Buffer.from("not an image"),
            contentType: "image/png",
            width: 1,
            height: 1,
          },
          options: { ...UPSCALE_DEFAULTS },
        },
        context().ctx,
      ),
    );
    expect(unreadable).toBeInstanceOf(Error);
    expect((unreadable as Error).message).not.toBe("");
  }, 60_000);
});

describe("the threaded engine with the real ISNet model", () => {
  it("gives the same bytes as the local engine in this thread", async () => {
    await isnetSession();
    const engine = createThreadedEngine();
    engines.push(engine);
    const input = await generateInput(7);
    const result = await engine.generate(input, context().ctx);
    const expected = await createLocalEngine().generate(input, context().ctx);
    expect(result.bytes.equals(expected.bytes)).toBe(true);
  }, 120_000);
});
