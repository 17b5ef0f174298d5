import { throwIfAborted } from "../../image-engine.ts";
import type { RawImage } from "../common/index.ts";
import {
  applyBackgroundLook,
  applyPictureLook,
  hasPictureLook,
  type LookSettings,
} from "../scene-state/index.ts";

/** Whether the look changes the background apart from the rest (blur, brightness). */
function changesBackground(look: LookSettings): boolean {
  return look.blur > 0 || look.backgroundGain !== 1;
}

/**
 * Edits a picture that has no kept scene (an upload, another engine's picture, one made before
 * scenes were kept): the look on its pixels, around the subject. `mask` is the subject's alpha
 * at the image's size (255 = subject): those pixels are left as they are, as a kept scene's
 * edit leaves them, so an edit never alters the product.
 */
export async function editPixels(
  image: RawImage,
  look: LookSettings,
  mask: Uint8Array,
  signal?: AbortSignal,
): Promise<RawImage> {
  let current = image;
  if (changesBackground(look)) current = await applyBackgroundLook(current, mask, look);
  if (signal) throwIfAborted(signal);
  if (hasPictureLook(look)) current = applyPictureLook(current, look, mask);
  return current;
}
