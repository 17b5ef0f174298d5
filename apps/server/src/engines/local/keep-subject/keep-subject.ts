import sharp from "sharp";
import type { EngineResult, KeepSubjectInput, Placement } from "../../image-engine.ts";
import { scalePlacement, throwIfAborted } from "../../image-engine.ts";
import { decodeImage, pasteSubject, type Rgba } from "../common/index.ts";
import { edgeMargin, measuredResult } from "../fidelity/index.ts";
import type { Upscaler } from "../upscale/index.ts";
import { alignSubject, MIN_MATCH } from "./align.ts";
import { placeOnCanvas, roundPlacement } from "./place.ts";

/** Pixels kept around the subject's box when enlarging it: the upscaler's context at its edges. */
const ENLARGE_MARGIN = 8;

/**
 * The subject as an upscale should show it: the pixels of the image before the upscale around
 * the subject, enlarged by this engine's upscaler, with the cut-out's outline at `placement`
 * (the result's pixels). RGBA at the result's size.
 */
async function enlargedSubject(
  before: Rgba,
  cutout: Rgba,
  placement: Placement,
  result: { width: number; height: number },
  upscaler: Upscaler,
  signal: AbortSignal,
): Promise<Rgba> {
  const factor = before.width / result.width;
  const box = scalePlacement(placement, factor);
  const left = Math.max(0, Math.floor(box.x) - ENLARGE_MARGIN);
  const top = Math.max(0, Math.floor(box.y) - ENLARGE_MARGIN);
  const right = Math.min(before.width, Math.ceil(box.x + box.width) + ENLARGE_MARGIN);
  const bottom = Math.min(before.height, Math.ceil(box.y + box.height) + ENLARGE_MARGIN);
  const outline = await placeOnCanvas(cutout, placement, result);
  if (right <= left || bottom <= top) return outline;
  const crop = await sharp(before.rgba, {
    raw: { width: before.width, height: before.height, channels: 4 },
  })
    .extract({ left, top, width: right - left, height: bottom - top })
    .raw()
    .toBuffer();
  const enlarged = await upscaler(
    { rgba: crop, width: right - left, height: bottom - top, opaque: true },
    signal,
  );
  const piece = await enlarged.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = {
    x: left / factor,
    y: top / factor,
    width: (right - left) / factor,
    height: (bottom - top) / factor,
  };
  const laid = await placeOnCanvas(
    { rgba: piece.data, width: piece.info.width, height: piece.info.height },
    at,
    result,
  );
  for (let i = 3; i < laid.rgba.length; i += 4) laid.rgba[i] = outline.rgba[i] ?? 0;
  return laid;
}

/** See ImageEngine.keepSubject. */
export async function keepSubject(
  input: KeepSubjectInput,
  upscaler: Upscaler,
  signal: AbortSignal,
): Promise<EngineResult> {
  const result = await decodeImage(input.image.bytes);
  const cutout = await decodeImage(input.cutout.bytes);
  throwIfAborted(signal);
  let placement = roundPlacement(input.expected);
  let paste = input.paste;
  if (input.search) {
    const found = await alignSubject(result, cutout, input.expected);
    // A subject the model moved beyond recognition is not pasted over: it would show twice.
    if (found.match >= MIN_MATCH) placement = found.placement;
    else paste = false;
  }
  throwIfAborted(signal);
  const before = input.enlargedFrom ? await decodeImage(input.enlargedFrom.bytes) : undefined;
  const reference = before
    ? await enlargedSubject(before, cutout, placement, result, upscaler, signal)
    : await placeOnCanvas(cutout, placement, result);
  throwIfAborted(signal);
  const { width, height } = result;
  const pixels = paste
    ? await pasteSubject(result, reference, edgeMargin(width, height))
    : result.rgba;
  return measuredResult(
    { rgba: pixels, width, height },
    reference,
    placement,
    paste ? "original" : input.unpasted,
  );
}
