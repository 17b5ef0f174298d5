import type { SubjectCutout } from "../image-engine.ts";
import { decodeImage, type RawImage } from "./common/index.ts";
import {
  type CutoutModel,
  cutOut,
  cutoutFromPng,
  cutoutToPng,
  type MatteOptions,
  matteFromPng,
  matteToPng,
} from "./cutout/index.ts";
import type { Cutout } from "./types.ts";
import { UPLOAD_THRESHOLD } from "./upload-threshold.ts";

/**
 * Every cut-out is refined at the finer quality: it costs little beside the network, and the
 * upload's cut-out, made once for every job, is then the one a job without it would make.
 */
function matteAt(threshold: number): MatteOptions {
  return { threshold, quality: "full" };
}

/** The upload's cut-out as kept: its PNG and the network's matte it was refined from. */
async function asUploadCutout(subject: Cutout, predicted: Buffer): Promise<SubjectCutout> {
  const { width, height } = subject;
  return {
    bytes: await cutoutToPng(subject),
    contentType: "image/png",
    width,
    height,
    matte: await matteToPng(predicted, width, height),
  };
}

/** The upload's cut-out: the network's matte, refined at the studio's threshold. */
export async function uploadCutout(
  model: CutoutModel,
  photo: RawImage,
  signal: AbortSignal,
): Promise<SubjectCutout> {
  const predicted = await model.predict(photo, signal, "background");
  return asUploadCutout(model.refine(photo, predicted, matteAt(UPLOAD_THRESHOLD)), predicted);
}

/** The upload's cut-out, when there is one and it is the size of the image a job works on. */
export function cutoutOf(
  image: { width: number; height: number },
  cutout: SubjectCutout | undefined,
): SubjectCutout | undefined {
  return cutout?.width === image.width && cutout.height === image.height ? cutout : undefined;
}

/**
 * A job's subject, and its PNG when it is the upload's cut-out; `made` when the job had to cut
 * it out itself just as the upload's would be, for the upload to keep.
 */
export type JobSubject = { subject: Cutout; png?: Buffer; made?: SubjectCutout };

/**
 * The subject a job composes: the upload's cut-out as it is when the job asks the threshold it
 * was made with, refined again from its kept matte when it asks another, or, without one (not
 * ready yet, another engine's, or not the photo's size), cut out now as the upload's would be.
 */
export async function jobSubject(
  model: CutoutModel,
  image: { bytes: Buffer; width: number; height: number },
  threshold: number,
  signal: AbortSignal,
  cutout?: SubjectCutout,
): Promise<JobSubject> {
  const kept = cutoutOf(image, cutout);
  if (kept && threshold === UPLOAD_THRESHOLD) {
    return { subject: await cutoutFromPng(kept.bytes), png: kept.bytes };
  }
  const photo = await decodeImage(image.bytes);
  if (kept?.matte) {
    const { matte, width, height } = await matteFromPng(kept.matte);
    if (width === photo.width && height === photo.height) {
      return { subject: model.refine(photo, matte, matteAt(threshold)) };
    }
  }
  const predicted = await model.predict(photo, signal);
  const subject = model.refine(photo, predicted, matteAt(threshold));
  if (threshold !== UPLOAD_THRESHOLD) return { subject };
  const made = await asUploadCutout(subject, predicted);
  return { subject, png: made.bytes, made };
}

/**
 * The subject's mask in an image without a kept scene (an upload, a fal result): the upload's
 * cut-out's when it is that image's, else cut out now as the upload's would be.
 */
export async function subjectMask(
  model: CutoutModel,
  image: RawImage,
  signal: AbortSignal,
  cutout?: SubjectCutout,
): Promise<Buffer> {
  const made = cutoutOf(image, cutout);
  if (made) return (await cutoutFromPng(made.bytes)).mask;
  return (await cutOut(model, image, signal, matteAt(UPLOAD_THRESHOLD))).mask;
}
