import { UNCHANGED_DELTA_E } from "@backdrop/shared";
import sharp from "sharp";
import type { EngineImage } from "../../image-engine.ts";
import { lumaOf } from "../common/index.ts";
import type { MeasureGrid } from "./measure.ts";

/** The difference map's long side at most: enough to see where, small to store and load. */
const MAP_SIDE = 768;
/** Beyond this CIEDE2000 difference a pixel is drawn as clearly changed. */
const CHANGED_DELTA_E = 5;

const UNCHANGED = [46, 204, 113] as const;
const SLIGHT = [241, 176, 36] as const;
const CHANGED = [231, 60, 60] as const;
/** How much of the difference colour covers a product pixel; the picture shows through. */
const TINT = 0.6;

function colourFor(delta: number): readonly [number, number, number] {
  if (delta <= UNCHANGED_DELTA_E) return UNCHANGED;
  return delta <= CHANGED_DELTA_E ? SLIGHT : CHANGED;
}

/**
 * A picture of where the product changed, at the measure's grid: the result in grey, each
 * measured product pixel tinted green (within ΔE 2 of the original), amber (up to ΔE 5) or red
 * (more). A PNG whose long side is at most MAP_SIDE.
 */
export async function differenceMap({
  width,
  height,
  deltas,
  rgb,
}: MeasureGrid): Promise<EngineImage> {
  const out = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const p = i * 3;
    // Dimmed, so the tints stand out on light and dark pictures alike.
    const grey = 40 + 0.55 * lumaOf(rgb[p] ?? 0, rgb[p + 1] ?? 0, rgb[p + 2] ?? 0);
    const delta = deltas[i] ?? Number.NaN;
    const tint = Number.isNaN(delta) ? undefined : colourFor(delta);
    for (let c = 0; c < 3; c++) {
      out[p + c] = tint ? grey * (1 - TINT) + (tint[c] ?? 0) * TINT : grey;
    }
  }
  const scale = Math.min(1, MAP_SIDE / Math.max(width, height));
  const size = {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
  const map = sharp(out, { raw: { width, height, channels: 3 } });
  const sized = scale < 1 ? map.resize(size.width, size.height) : map;
  const bytes = await sized.png({ compressionLevel: 3 }).toBuffer();
  return { bytes, contentType: "image/png", ...size };
}
