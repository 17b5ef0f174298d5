import type { FidelityKept } from "@backdrop/shared";
import { type EngineResult, type SubjectOfImage, scalePlacement } from "../image-engine.ts";
import { decodeImage, encodeResult, fromRaw, type RawImage } from "./common/index.ts";
import { measuredResult } from "./fidelity/index.ts";
import { placeOnCanvas } from "./keep-subject/index.ts";

/**
 * A result made from an image whose subject is known, measured against it: the cut-out laid
 * where the image showed it, `factor` times larger for a larger result. Without a known
 * subject, or for a picture with transparency (no background to measure against), the result
 * is encoded as it is.
 */
export async function resultWithSubject(
  image: RawImage,
  subject: SubjectOfImage | undefined,
  kept: FidelityKept,
  factor = 1,
): Promise<EngineResult> {
  const { rgba, width, height, opaque } = image;
  if (!subject || !opaque) {
    return encodeResult(fromRaw(rgba, width, height), { opaque, pixels: width * height });
  }
  const cutout = await decodeImage(subject.cutout.bytes);
  const placement = scalePlacement(subject.placement, factor);
  const reference = await placeOnCanvas(cutout, placement, image);
  return measuredResult(image, reference, placement, kept);
}
