import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import type { EngineImage } from "../src/engines/image-engine.ts";
import { sizeFor } from "../src/lib/bench-stats.ts";

const FIXTURES = fileURLToPath(new URL("../test/fixtures/photos/", import.meta.url));

/** The fixture photos, each with a prompt the scene planner understands. */
export const PHOTOS = [
  { file: "coffee.png", prompt: "on a marble counter in soft morning light" },
  { file: "astronaut.png", prompt: "on a sandy beach at sunset" },
  { file: "rocket.jpg", prompt: "on a wooden table, pastel background, bokeh" },
] as const;

/** The upload limit: no side above 2048 px. */
export const MAX_SIDE = 2048;

export const SIZES = [
  { label: "1 MP", pixels: 1_000_000 },
  { label: "4 MP", pixels: 4_000_000 },
] as const;

export type SizeLabel = (typeof SIZES)[number]["label"];

/**
 * A fixture photo resized in memory (Lanczos) and encoded as its own format would upload.
 * `variant` marks its top-left 8×8 block (one JPEG block, in colours far enough apart to survive
 * the encoding), so each variant is another photo to the server (which knows a photo uploaded
 * again and copies its cut-out).
 */
export async function loadPhoto(file: string, pixels: number, variant = 0): Promise<EngineImage> {
  const bytes = await readFile(`${FIXTURES}${file}`);
  const meta = await sharp(bytes).metadata();
  const { width, height } = sizeFor(meta.width ?? 1, meta.height ?? 1, pixels, MAX_SIDE);
  const mark = { input: { create: markBlock(variant) }, left: 0, top: 0 };
  const resized = sharp(bytes)
    .resize(width, height, { fit: "fill", kernel: "lanczos3" })
    .composite(variant ? [mark] : []);
  const jpeg = file.endsWith(".jpg");
  const encoded = jpeg ? resized.jpeg({ quality: 92 }) : resized.png();
  return {
    bytes: await encoded.toBuffer(),
    contentType: jpeg ? "image/jpeg" : "image/png",
    width,
    height,
  };
}

function markBlock(variant: number) {
  const background = { r: (variant * 53) % 256, g: (variant * 97 + 40) % 256, b: 7 };
  return { width: 8, height: 8, channels: 3 as const, background };
}
