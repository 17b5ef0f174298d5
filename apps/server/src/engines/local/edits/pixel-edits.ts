import { throwIfAborted } from "../../image-engine.ts";
import type { RawImage } from "../common/index.ts";
import {
  applyBackgroundLook,
  applyPictureLook,
  hasPictureLook,
  type LookSettings,
} from "../scene-state/index.ts";

/** Whether the look changes the background apart from the subject, so needs the subject's mask. */
export function needsSubjectMask(look: LookSettings): boolean {
  return look.blur > 0 || look.backgroundGain !== 1;
}

/**
 * Edits a picture that has no kept scene (made by another engine, or before scenes were kept):
 * the look on its pixels. `mask` (the subject's alpha at the image's size) is needed for the
 * background settings; without it they are skipped.
 */
export async function editPixels(
  image: RawImage,
  look: LookSettings,
  mask?: Uint8Array,
  signal?: AbortSignal,
): Promise<RawImage> {
  let current = image;
  if (mask && needsSubjectMask(look)) current = await applyBackgroundLook(current, mask, look);
  if (signal) throwIfAborted(signal);
  if (hasPictureLook(look)) current = applyPictureLook(current, look);
  return current;
}
