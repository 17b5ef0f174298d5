import type {
  Aspect,
  FidelityKept,
  GenerationOptions,
  ProcessingMethod,
  ShadowStyle,
  UpscaleOptions,
} from "@backdrop/shared";
import type { DigitalSourceType } from "./digital-source.ts";

/** An image held in memory: encoded bytes plus what the job needs to know about them. */
export type EngineImage = {
  bytes: Buffer;
  /** image/png, image/jpeg or image/webp. */
  contentType: string;
  width: number;
  height: number;
};

/**
 * The subject cut out of an upload on a transparent background, at the upload's size: made once,
 * in the background, right after the upload, and handed to every job of that upload so none
 * runs the cut-out model again. `matte` is the engine's own (kept privately beside it): what it
 * needs to cut again with other settings without its model.
 */
export type SubjectCutout = EngineImage & { matte?: Buffer };

export type CutoutInput = { image: EngineImage };

/**
 * Where the upload's cut-out lies in an image: the corner and size, in that image's pixels, of
 * the whole cut-out (upload-sized) scaled and moved as the image shows the subject. Parts may
 * fall outside the image.
 */
export type Placement = { x: number; y: number; width: number; height: number };

/** The placement on a canvas `factor` times larger (or smaller). */
export function scalePlacement(placement: Placement, factor: number): Placement {
  const { x, y, width, height } = placement;
  return { x: x * factor, y: y * factor, width: width * factor, height: height * factor };
}

/** Where a picture put through a cover fit (scaled to fill, centred, the rest cropped) lands. */
export function coverPlacement(
  from: { width: number; height: number },
  to: { width: number; height: number },
): Placement {
  const scale = Math.max(to.width / from.width, to.height / from.height);
  const width = from.width * scale;
  const height = from.height * scale;
  return { x: (to.width - width) / 2, y: (to.height - height) / 2, width, height };
}

/** How faithful a result's product is to the photo's (see `ZFidelity`), as measured. */
export type Fidelity = {
  /** Share of the product's pixels within CIEDE2000 ΔE 2 of the photo's, 0..1. */
  withinDeltaE2: number;
  meanDeltaE: number;
  /** How many product pixels were compared. */
  pixels: number;
  kept: FidelityKept;
};

/**
 * The subject in a result: where the engine put it, and, when its inside is in the frame, how
 * close its pixels are to the photo's with a PNG map of where they differ.
 */
export type SubjectInResult = {
  placement: Placement;
  fidelity?: Fidelity;
  difference?: EngineImage;
};

/**
 * The upload's cut-out and where it lies in the image a job works on, so the engine can keep
 * the product's pixels and measure them.
 */
export type SubjectOfImage = { cutout: SubjectCutout; placement: Placement };

export type GenerateInput = {
  image: EngineImage;
  /** The upload's cut-out, when it is ready. */
  cutout?: SubjectCutout;
  /** The new background, in the user's words. */
  prompt: string;
  options: GenerationOptions;
  method: ProcessingMethod;
  /** Same prompt, image and seed give the same result on deterministic engines. */
  seed: number;
  /** The subject's shadow (natural when absent). */
  shadow?: ShadowStyle;
  /**
   * The output's proportions (the upload's own when absent): the result is
   * `outputSize(image.width, image.height, aspect)`, the subject framed for it.
   */
  aspect?: Aspect;
  /**
   * Let a generative model relight (redraw) the product instead of putting its original pixels
   * back. Off unless the user asks.
   */
  relight?: boolean;
  /**
   * Keep the product's pixels exactly as cut out: only the scene around it is lit (the "exact
   * product" switch). Off, an engine that composites (local) leans them toward the scene's light,
   * within bounds; an engine that pastes the product back (fal) keeps them exact unless `relight`.
   */
  exact?: boolean;
};

export type UpscaleInput = {
  image: EngineImage;
  options: UpscaleOptions;
  /** The upload's subject in the image, when known. */
  subject?: SubjectOfImage;
};

/**
 * What an engine keeps of a result so that a later edit can render the picture again instead of
 * repainting its pixels. The job layer stores it beside the result, privately, and hands it back
 * when that result is edited; it never reads inside.
 */
export type KeptScene = {
  /** The subject cut out of the photo: an RGBA PNG at the photo's size. */
  cutout: Buffer;
  /** The engine's own description of the scene (JSON): prompt, seed, edits so far, look. */
  state: Record<string, unknown>;
};

/**
 * A result, with what an edit of it needs when the engine keeps its scenes, and the upload's
 * cut-out when a generation had none and made it just as the upload's would be (the upload
 * keeps it, so its own cut-out job has nothing left to do).
 */
export type EngineResult = EngineImage & {
  /**
   * What made the picture, as its file will say: set where a generative model made part of it;
   * absent, the photo was composited with a scene made by software without one.
   */
  madeBy?: DigitalSourceType;
  keep?: KeptScene;
  cutout?: SubjectCutout;
  subject?: SubjectInResult;
};

/** One take of a batched generation: its image and the seed that makes it again. */
export type EngineTake = { output: EngineResult; seed: number };

export type EditInput = {
  image: EngineImage;
  /** The upload's cut-out, when the image edited is the upload itself and it is ready. */
  cutout?: SubjectCutout;
  prompt: string;
  /** The kept scene of the image being edited, when it has one. */
  kept?: KeptScene;
  /** The upload's subject in the image edited, when known (the upload: the whole frame). */
  subject?: SubjectOfImage;
};

/**
 * A picture another engine made from the photo, to have the product's original pixels put back
 * and measured (ImageEngine.keepSubject).
 */
export type KeepSubjectInput = {
  /** The model's picture. */
  image: EngineImage;
  /** The upload's cut-out. */
  cutout: SubjectCutout;
  /** Where the model was asked to keep the subject. */
  expected: Placement;
  /** Look around `expected` for where the model really put it. */
  search: boolean;
  /** Put the original pixels back; when false, only measure how the model drew them. */
  paste: boolean;
  /** What `kept` the result's fidelity reports when the pixels are not put back. */
  unpasted: FidelityKept;
  /**
   * The image a 2x upscale enlarged: the subject's pixels put back are then its own, enlarged
   * by this engine's upscaler, rather than the photo's.
   */
  enlargedFrom?: EngineImage;
};

/** What a job is doing now, shown to the user while they wait. */
export type JobStage =
  | "queued"
  | "preparing"
  | "cutting out"
  | "composing"
  | "generating"
  | "upscaling"
  | "editing"
  | "uploading"
  | "downloading"
  | "saving";

export type JobContext = {
  /** Aborted when the job passes its time limit; engines stop work and reject. */
  signal: AbortSignal;
  reportStage(stage: JobStage): void;
  /** How much of the current stage is done, 0..1, for stages long enough to show a bar. */
  reportProgress?(fraction: number): void;
};

/**
 * Why an engine gave up, in terms the job maps to the spec's messages:
 * - `rejected`: the model refused this input or prompt (validation error, flagged content);
 * - `no-subject`: no product or person could be found in the photo;
 * - `timeout`: the engine or the job's time limit ran out;
 * - `unavailable`: the service failed or could not be reached, after its own retries;
 * - `lost`: the service no longer knows the request.
 */
export type EngineFailure = "rejected" | "no-subject" | "timeout" | "unavailable" | "lost";

export class EngineError extends Error {
  override name = "EngineError";
  constructor(
    readonly failure: EngineFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * An adapter to one way of making images (ARCHITECTURE point 6). Engines hold no database,
 * ledger or configuration reads: the job around them records, charges and refunds.
 */
export type ImageEngine = {
  id: "local" | "fal";
  /** Places the subject of the image into a new scene described by the prompt. */
  generate(input: GenerateInput, ctx: JobContext): Promise<EngineResult>;
  /**
   * Several takes of one generation in a single model call, for models that make batches
   * (fal's `num_images`); each take with the seed that reproduces it. May answer fewer than
   * `count` (a take the model's safety check withheld). Resolves to undefined for an input it
   * does not batch; then, as with engines without it, takes are made one generate() at a time.
   */
  generateTakes?(
    input: GenerateInput,
    count: number,
    ctx: JobContext,
  ): Promise<EngineTake[] | undefined>;
  /** Twice the width and height. */
  upscale(input: UpscaleInput, ctx: JobContext): Promise<EngineResult>;
  /** Changes the image as the prompt asks. */
  edit(input: EditInput, ctx: JobContext): Promise<EngineResult>;
  /**
   * Cuts the subject out of an upload, for its jobs to reuse and its owner to download. It
   * gives way to the jobs people wait for. Engines without it (fal) make no cut-out.
   */
  cutOut?(input: CutoutInput, ctx: JobContext): Promise<SubjectCutout>;
  /**
   * Puts the product's original pixels back over a picture another engine's model made, with a
   * soft edge, aligned to where the model placed it, and measures the result (see
   * KeepSubjectInput). The local engine has it; the fal engine borrows it.
   */
  keepSubject?(input: KeepSubjectInput, ctx: JobContext): Promise<EngineResult>;
  /** Releases what the engine holds (a worker thread); called once, when the process stops. */
  close?(): Promise<void>;
  /**
   * Whether a generation with these options fails, as its input's fault, on a photo whose
   * upload's cut-out found no subject: then it is refused before anything is charged. The
   * local engine's does at the threshold that cut-out was made with (at another it might still
   * find one). Engines without it (fal) generate such photos all the same.
   */
  needsSubject?(options: GenerationOptions): boolean;
  /**
   * Whether a generation keeps the product exact when the seller did not say: on for a white or
   * marketplace request, whose product a listing shows as photographed. Synchronous and pure.
   * Engines without it (fal, whose paste-back is exact) default it off.
   */
  exactByDefault?(prompt: string): boolean;
  /**
   * Whether the engine can honour an edit prompt, asked before the edit is charged: a message
   * for the user when it cannot, undefined when it can. Synchronous and pure. `hasKeptScene`
   * says whether the image to edit has a kept scene, and `keptState` is that scene's state (as
   * `KeptScene.state`), so an edit that would leave the picture as it is can be refused too.
   * Engines without it (fal) refuse nothing.
   */
  checkEdit?(
    prompt: string,
    hasKeptScene: boolean,
    keptState?: Record<string, unknown>,
  ): string | undefined;
  /**
   * What the engine will draw for a background prompt, free and quick: the words it
   * understands, those it will leave out, and a small picture of the scene without a subject
   * (null when it cannot tell before generating). `aspect` is the photo's width and height;
   * `subject` the upload's cut-out when it is known, for a note about the photo itself.
   */
  previewScene(
    prompt: string,
    aspect?: { width: number; height: number },
    subject?: SubjectCutout,
  ): Promise<ScenePreview>;
  /**
   * What the queue method does better than realtime with this engine, in the user's words,
   * shown beside the method picker; none when the methods differ only in speed.
   */
  queueNote?: string;
};

/**
 * The answer of `ImageEngine.previewScene`; `preview` is a data URL of a small WebP, `note` a
 * word about the seller's photo (its subject fills the frame) when there is one, `marketplace`
 * true when the prompt asks for a marketplace's plain white, which the photo's own size makes
 * square and whose product is kept exact by default: an engine answers it with the same test
 * as its exactByDefault.
 */
export type ScenePreview = {
  understood: string[];
  ignored: string[];
  preview: string | null;
  note?: string;
  /** The name of the library scene the prompt will be drawn in (the offline engine's). */
  scene?: string;
  marketplace?: boolean;
};

/** A generative model draws whatever the prompt says: nothing is left out, nothing to show yet. */
export async function drawsEverything(prompt: string): Promise<ScenePreview> {
  const said = prompt.trim();
  return { understood: said ? [said] : [], ignored: [], preview: null };
}

/** Rejects with a `timeout` EngineError once the signal fires. */
export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new EngineError("timeout", "The job's time limit ran out");
}
