import type { FidelityKept } from "@backdrop/shared";
import sharp from "sharp";
import type { EngineResult, Placement } from "../../image-engine.ts";
import { encodeResult, fromRaw, type Rgba } from "../common/index.ts";
import { differenceMap } from "./difference-map.ts";
import { measureFidelity } from "./measure.ts";

/**
 * An opaque result encoded as it will be stored, with its subject: where it is and how close
 * its product is to `reference` (the photo's subject, placed as the result shows it). Measured
 * as stored, so a lossy format's changes count too.
 */
export async function measuredResult(
  result: Rgba,
  reference: Rgba,
  placement: Placement,
  kept: FidelityKept,
): Promise<EngineResult> {
  const { width, height } = result;
  const encoded = await encodeResult(fromRaw(result.rgba, width, height), {
    opaque: true,
    pixels: width * height,
  });
  // A PNG keeps every value; a JPEG's losses are measured from its bytes read back.
  const pixels =
    encoded.contentType === "image/png"
      ? { data: result.rgba, width, height, channels: 4 as const }
      : {
          data: await sharp(encoded.bytes).removeAlpha().raw().toBuffer(),
          width,
          height,
          channels: 3 as const,
        };
  const measured =
    reference.width === width && reference.height === height
      ? measureFidelity(pixels, reference.rgba)
      : undefined;
  if (!measured) return { ...encoded, subject: { placement } };
  const { grid, ...figures } = measured;
  return {
    ...encoded,
    subject: { placement, fidelity: { ...figures, kept }, difference: await differenceMap(grid) },
  };
}
