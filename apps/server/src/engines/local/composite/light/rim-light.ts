import sharp from "sharp";
import { clamp } from "../../common/index.ts";

/**
 * For a backlit subject, how strongly each pixel catches the light from behind (0..1): a
 * band inside the outline, `radius` px wide, brightest on the edges that face up and toward
 * the light's side, a little all around.
 */
export async function rimLight(
  mask: Buffer,
  width: number,
  height: number,
  radius: number,
  lightSide: number,
): Promise<Float32Array> {
  const soft = await sharp(mask, { raw: { width, height, channels: 1 } })
    .blur(Math.max(0.5, radius))
    .extractChannel(0)
    .raw()
    .toBuffer();
  const rim = new Float32Array(width * height);
  const lx = (lightSide - 0.5) * 1.6;
  const ly = -1;
  const length = Math.hypot(lx, ly);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      if ((mask[i] ?? 0) === 0) continue;
      const inside = (soft[i] ?? 0) / 255;
      if (inside >= 1) continue;
      const band = Math.min(1, (1 - inside) * 3);
      // Thin parts (wires, lattices) are all edge: lighting them whole would wash them out.
      const body = clamp((inside - 0.12) / 0.3, 0, 1);
      const gx = (soft[i + 1] ?? 0) - (soft[i - 1] ?? 0);
      const gy = (soft[i + width] ?? 0) - (soft[i - width] ?? 0);
      const g = Math.hypot(gx, gy);
      // The outward normal points where the mask falls off.
      const toward = g < 0.5 ? 0 : (-gx * lx - gy * ly) / (g * length);
      rim[i] = band * body * (0.25 + 0.75 * Math.max(0, toward));
    }
  }
  return rim;
}
