import sharp from "sharp";
import { backdropMarkup } from "./backdrop.ts";
import type { CutoutCase, Neighbour } from "./cutout-case.ts";
import { type Box, contactShadow, SOFT_FILTER, thingMarkup } from "./objects.ts";
import { fixed } from "./random.ts";

/** A built case: the photo (RGB) and the subject's exact alpha, one byte a pixel. */
export type BuiltCase = {
  id: string;
  category: CutoutCase["category"];
  width: number;
  height: number;
  rgb: Buffer;
  truth: Buffer;
};

function svg(width: number, height: number, body: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`,
  );
}

async function rasterise(width: number, height: number, body: string): Promise<Buffer> {
  return sharp(svg(width, height, body))
    .ensureAlpha()
    .raw()
    .toBuffer();
}

/** Where the subject is drawn on the canvas, in pixels, and its scale from its own units. */
export function subjectBox(item: CutoutCase): Box & { scale: number } {
  const { width, height } = item.canvas;
  const scale = (item.place.height * height) / item.subject.height;
  const w = item.subject.width * scale;
  const h = item.subject.height * scale;
  return { x: item.place.x * width - w / 2, y: item.place.bottom * height - h, w, h, scale };
}

function neighbourBox(neighbour: Neighbour, subject: Box, canvasHeight: number): Box {
  const w = neighbour.width * subject.w;
  const h = neighbour.height * subject.h;
  const bottom = subject.y + subject.h;
  const inset = neighbour.overlap * subject.w;
  if (neighbour.side === "left") return { x: subject.x + inset - w, y: bottom - h, w, h };
  if (neighbour.side === "right") return { x: subject.x + subject.w - inset, y: bottom - h, w, h };
  return { x: subject.x + subject.w - inset - w / 2, y: bottom - h + canvasHeight * 0.02, w, h };
}

async function neighboursMarkup(
  item: CutoutCase,
  front: boolean | "all",
  subject: Box,
  shadows = true,
) {
  const parts: string[] = [];
  for (const [k, neighbour] of (item.neighbours ?? []).entries()) {
    if (front !== "all" && (neighbour.side === "front") !== front) continue;
    const box = neighbourBox(neighbour, subject, item.canvas.height);
    if (shadows) parts.push(contactShadow(box.x + box.w / 2, box.y + box.h, box.w));
    parts.push(await thingMarkup(neighbour.thing, box, `neighbour-${k}`));
  }
  return parts.join("\n");
}

/**
 * Draws a case: the backdrop, the things behind the subject and its shadow; the subject over
 * them by its exact alpha; then the things in front, which hide it where they cover it. The
 * truth is the subject's alpha less what is in front of it.
 */
export async function buildCase(item: CutoutCase): Promise<BuiltCase> {
  const { width, height } = item.canvas;
  const box = subjectBox(item);
  const shadow =
    item.shadow === false ? "" : contactShadow(box.x + box.w / 2, box.y + box.h, box.w * 0.9);
  const behind = await rasterise(
    width,
    height,
    `${await backdropMarkup(item.backdrop, width, height)}\n${shadow}\n${await neighboursMarkup(item, false, box)}`,
  );
  const subject = await rasterise(
    width,
    height,
    `<g transform="translate(${fixed(box.x)} ${fixed(box.y)}) scale(${box.scale.toFixed(6)})">${item.subject.markup}</g>`,
  );
  const frontMarkup = await neighboursMarkup(item, true, box);
  const front = frontMarkup
    ? await rasterise(width, height, `<defs>${SOFT_FILTER}</defs>${frontMarkup}`)
    : undefined;

  const pixels = width * height;
  const rgb = Buffer.alloc(pixels * 3);
  const truth = Buffer.alloc(pixels);
  for (let i = 0; i < pixels; i++) {
    const a = (subject[i * 4 + 3] ?? 0) / 255;
    const f = front ? (front[i * 4 + 3] ?? 0) / 255 : 0;
    for (let c = 0; c < 3; c++) {
      const under = behind[i * 4 + c] ?? 0;
      const over = (subject[i * 4 + c] ?? 0) * a + under * (1 - a);
      const seen = front ? (front[i * 4 + c] ?? 0) * f + over * (1 - f) : over;
      rgb[i * 3 + c] = Math.round(seen);
    }
    truth[i] = Math.round(255 * a * (1 - f));
  }
  return { id: item.id, category: item.category, width, height, rgb, truth };
}

/** Where the other things touching the subject are drawn (their alpha, shadows left out). */
export async function neighboursAlpha(item: CutoutCase): Promise<Buffer> {
  const { width, height } = item.canvas;
  const layer = await rasterise(
    width,
    height,
    await neighboursMarkup(item, "all", subjectBox(item), false),
  );
  const alpha = Buffer.alloc(width * height);
  for (let i = 0; i < alpha.length; i++) alpha[i] = layer[i * 4 + 3] ?? 0;
  return alpha;
}
