import {
  coverPlacement,
  type EditInput,
  EngineError,
  type EngineImage,
  type EngineResult,
  type GenerateInput,
  type ImageEngine,
  type JobContext,
  type KeepSubjectInput,
  type SubjectCutout,
  scalePlacement,
  type UpscaleInput,
} from "../image-engine.ts";

/** What the fal engine borrows from the local engine (see FalEngineOptions.local). */
export type FalHelper = {
  engine: Required<Pick<ImageEngine, "generate" | "cutOut" | "keepSubject">> &
    Pick<ImageEngine, "close">;
  /** Whether a background prompt asks for plain white (made locally, no model). */
  wantsWhite(prompt: string): boolean;
  /** Whether an edit prompt asks to change the product itself (its colour, its label). */
  changesProduct(prompt: string): boolean;
};

/** The upload's cut-out a generation keeps the product with, and whether it was made now. */
type UploadSubject = { cutout: SubjectCutout; made: boolean } | undefined;

/**
 * Keeps the product's pixels in what fal's models answer (issue 15): each picture goes to the
 * local engine, which finds where the model put the subject, puts its original pixels back with
 * a soft edge, and measures the result. Without the local engine, pictures pass as they are.
 */
export function productKeeper(local: FalHelper | undefined) {
  const keep = (input: KeepSubjectInput, ctx: JobContext) =>
    local ? local.engine.keepSubject(input, ctx) : Promise.resolve(input.image);

  return {
    /**
     * The upload's cut-out: the one made at upload when it is ready, else made now (and given to
     * the upload with the result). A photo without a subject is generated all the same, unkept.
     */
    async uploadSubject(input: GenerateInput, ctx: JobContext): Promise<UploadSubject> {
      if (!local) return undefined;
      if (input.cutout) return { cutout: input.cutout, made: false };
      try {
        return { cutout: await local.engine.cutOut({ image: input.image }, ctx), made: true };
      } catch (error) {
        if (error instanceof EngineError && error.failure === "no-subject") return undefined;
        throw error;
      }
    },

    /**
     * A generation's pictures with the product kept, one after another (each holds a full-size
     * picture in memory); the model was asked to keep the photo's composition, cover-fitted to
     * its output.
     */
    async keepAll(
      pictures: EngineImage[],
      subject: UploadSubject,
      input: GenerateInput,
      ctx: JobContext,
    ): Promise<EngineResult[]> {
      if (!subject) return pictures;
      const kept: EngineResult[] = [];
      for (const image of pictures) {
        const expected = coverPlacement(input.image, image);
        const paste = !input.relight;
        const result = await keep(
          { image, cutout: subject.cutout, expected, search: true, paste, unpasted: "redrawn" },
          ctx,
        );
        kept.push(subject.made ? { ...result, cutout: subject.cutout } : result);
      }
      return kept;
    },

    /**
     * An edit's picture with the product kept, unless the edit asked to change the product
     * itself: then it is measured only, and its fidelity says the model redrew it.
     */
    afterEdit(image: EngineImage, input: EditInput, ctx: JobContext): Promise<EngineResult> {
      if (!input.subject) return Promise.resolve(image);
      const paste = !local?.changesProduct(input.prompt);
      const { cutout, placement: expected } = input.subject;
      return keep({ image, cutout, expected, search: true, paste, unpasted: "redrawn" }, ctx);
    },

    /** An upscale with the product's pixels enlarged by the local upscaler put back, in place. */
    afterUpscale(image: EngineImage, input: UpscaleInput, ctx: JobContext): Promise<EngineResult> {
      if (!input.subject) return Promise.resolve(image);
      const { cutout, placement } = input.subject;
      const expected = scalePlacement(placement, image.width / input.image.width);
      return keep(
        {
          image,
          cutout,
          expected,
          search: false,
          paste: true,
          unpasted: "redrawn",
          enlargedFrom: input.image,
        },
        ctx,
      );
    },
  };
}
