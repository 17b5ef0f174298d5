import sharp from "sharp";
import {
  drawsEverything,
  EngineError,
  type EngineFailure,
  type EngineImage,
  type ImageEngine,
  type JobContext,
  type JobStage,
  type SubjectCutout,
} from "../../src/engines/image-engine.ts";

type Kind = "generate" | "upscale" | "edit" | "cutout";

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

/** The photo with everything outside its middle half made transparent, and that mask. */
async function middleCut(image: EngineImage): Promise<SubjectCutout> {
  const { width, height } = image;
  const mask = Buffer.alloc(width * height);
  for (let y = Math.floor(height / 4); y < (height * 3) / 4; y++) {
    mask.fill(255, y * width + Math.floor(width / 4), y * width + Math.floor((width * 3) / 4));
  }
  const raw = { raw: { width, height, channels: 1 as const } };
  const rgb = await sharp(image.bytes).removeAlpha().raw().toBuffer();
  const cut = await png(sharp(rgb, { raw: { width, height, channels: 3 } }).joinChannel(mask, raw));
  return { ...cut, matte: await sharp(mask, raw).png().toBuffer() };
}

const STAGES: Record<Kind, JobStage> = {
  generate: "composing",
  upscale: "upscaling",
  edit: "editing",
  cutout: "cutting out",
};

/**
 * An engine the tests steer: by default it answers at once with real images (tinted for a
 * generation, twice the size for an upscale, grey for an edit, and with `cutouts` the middle of
 * the photo for an upload's cut-out); steps queued per kind make the next calls fail, hang or
 * wait. Without `cutouts` it makes none, as fal.
 */
export function scriptedEngine(options: { cutouts?: boolean } = {}) {
  const steps: Record<Kind, Step[]> = { generate: [], upscale: [], edit: [], cutout: [] };
  const calls: Record<Kind, number> = { generate: 0, upscale: 0, edit: 0, cutout: 0 };
  const inputs: Array<{ kind: Kind; input: unknown }> = [];

  async function run<T extends EngineImage>(
    kind: Kind,
    ctx: JobContext,
    make: () => Promise<T>,
  ): Promise<T> {
    calls[kind] += 1;
    ctx.reportStage(STAGES[kind]);
    const step = steps[kind].shift();
    if (step?.type === "fail") throw new EngineError(step.failure, `scripted ${step.failure}`);
    if (step?.type === "hang") return new Promise<T>(() => {});
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
      return run("generate", ctx, async () => {
        const result = await png(sharp(input.image.bytes).tint({ r: 40, g: 120, b: 200 }));
        // As the local engine: without the upload's cut-out, it makes one and hands it over.
        const made = options.cutouts && !input.cutout ? await middleCut(input.image) : undefined;
        return made ? { ...result, cutout: made } : result;
      });
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
    ...(options.cutouts
      ? {
          cutOut: (input, ctx) => {
            inputs.push({ kind: "cutout", input });
            return run("cutout", ctx, () => middleCut(input.image));
          },
        }
      : {}),
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
