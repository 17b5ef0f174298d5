import sharp from "sharp";
import {
  drawsEverything,
  EngineError,
  type EngineFailure,
  type EngineImage,
  type ImageEngine,
  type JobContext,
} from "../../src/engines/image-engine.ts";

type Kind = "generate" | "upscale" | "edit";

type Step =
  | { type: "fail"; failure: EngineFailure }
  /** Never answers, even when the job's time is up: the runner must stop waiting itself. */
  | { type: "hang" }
  /** Waits until released, as a long model run would. */
  | { type: "hold"; released: Promise<void> }
  /** Reports these fractions of its stage done, then waits until released, maybe to fail. */
  | { type: "progress"; fractions: number[]; released: Promise<EngineFailure | undefined> };

async function png(pipeline: sharp.Sharp): Promise<EngineImage> {
  const { data, info } = await pipeline.png().toBuffer({ resolveWithObject: true });
  return { bytes: data, contentType: "image/png", width: info.width, height: info.height };
}

/**
 * An engine the tests steer: by default it answers at once with real images (tinted for a
 * generation, twice the size for an upscale, grey for an edit); steps queued per kind make
 * the next calls fail, hang or wait.
 */
export function scriptedEngine() {
  const steps: Record<Kind, Step[]> = { generate: [], upscale: [], edit: [] };
  const calls: Record<Kind, number> = { generate: 0, upscale: 0, edit: 0 };
  const inputs: Array<{ kind: Kind; input: unknown }> = [];

  async function run(
    kind: Kind,
    ctx: JobContext,
    make: () => Promise<EngineImage>,
  ): Promise<EngineImage> {
    calls[kind] += 1;
    ctx.reportStage(
      kind === "generate" ? "composing" : kind === "upscale" ? "upscaling" : "editing",
    );
    const step = steps[kind].shift();
    if (step?.type === "fail") throw new EngineError(step.failure, `scripted ${step.failure}`);
    if (step?.type === "hang") return new Promise<EngineImage>(() => {});
    if (step?.type === "hold") await step.released;
    if (step?.type === "progress") {
      for (const fraction of step.fractions) ctx.reportProgress?.(fraction);
      const failure = await step.released;
      if (failure) throw new EngineError(failure, `scripted ${failure}`);
    }
    if (ctx.signal.aborted) throw new EngineError("timeout", "aborted");
    return make();
  }

  const engine: ImageEngine = {
    id: "local",
    previewScene: drawsEverything,
    generate: (input, ctx) => {
      inputs.push({ kind: "generate", input });
      return run("generate", ctx, () =>
        png(sharp(input.image.bytes).tint({ r: 40, g: 120, b: 200 })),
      );
    },
    upscale: (input, ctx) => {
      inputs.push({ kind: "upscale", input });
      return run("upscale", ctx, () =>
        png(sharp(input.image.bytes).resize(input.image.width * 2, input.image.height * 2)),
      );
    },
    edit: (input, ctx) => {
      inputs.push({ kind: "edit", input });
      return run("edit", ctx, () => png(sharp(input.image.bytes).greyscale()));
    },
  };

  return {
    engine,
    calls,
    inputs,
    failNext(kind: Kind, failure: EngineFailure) {
      steps[kind].push({ type: "fail", failure });
    },
    hangNext(kind: Kind) {
      steps[kind].push({ type: "hang" });
    },
    /** The next call waits until the returned function is called. */
    holdNext(kind: Kind): () => void {
      let release = () => {};
      steps[kind].push({ type: "hold", released: new Promise<void>((r) => (release = r)) });
      return () => release();
    },
    /**
     * The next call reports `fractions` of its stage done, then waits until the returned
     * function is called: it then answers, or fails when given a failure.
     */
    progressNext(kind: Kind, fractions: number[]): (failure?: EngineFailure) => void {
      let release = (_failure?: EngineFailure) => {};
      const released = new Promise<EngineFailure | undefined>((r) => (release = r));
      steps[kind].push({ type: "progress", fractions, released });
      return (failure) => release(failure);
    },
  };
}
