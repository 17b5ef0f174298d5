import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import type { Rgb } from "../../common/index.ts";

/**
 * The photographs and photographic textures scenes are built from (apps/server/assets/scenes,
 * credited in its CREDITS.md). `mean` is each file's average colour, which colour and light
 * words re-tint it from; `span` is how wide one repeat of a texture stands in the picture, as a
 * share of its width (0: a photograph, laid once over the whole backdrop, with its own horizon
 * `horizonAt` of its height from the top, 1 when it is the photo's bottom edge). `ground` is the
 * average colour below that horizon, which the floor drawn in front of the photograph continues.
 */
type Photo = {
  mean: Rgb;
  width: number;
  height: number;
  span: number;
  horizonAt?: number;
  ground?: Rgb;
};

export const PHOTOS = {
  marble: { mean: [228, 230, 234], width: 512, height: 512, span: 0.5 },
  "grey-marble": { mean: [179, 176, 176], width: 512, height: 512, span: 0.5 },
  "wood-planks": { mean: [141, 92, 78], width: 256, height: 256, span: 0.5 },
  "wood-parquet": { mean: [139, 104, 49], width: 256, height: 256, span: 0.5 },
  "stone-slabs": { mean: [169, 141, 108], width: 256, height: 172, span: 0.5 },
  "stone-wall": { mean: [200, 166, 127], width: 256, height: 118, span: 0.3 },
  limestone: { mean: [210, 189, 162], width: 256, height: 158, span: 0.35 },
  travertine: { mean: [197, 170, 126], width: 163, height: 256, span: 0.3 },
  "beige-tiles": { mean: [210, 189, 174], width: 256, height: 256, span: 0.22 },
  "checker-tiles": { mean: [167, 149, 135], width: 256, height: 256, span: 0.4 },
  "grey-tiles": { mean: [153, 153, 153], width: 256, height: 256, span: 0.22 },
  terracotta: { mean: [134, 93, 73], width: 256, height: 256, span: 0.4 },
  granite: { mean: [157, 143, 134], width: 256, height: 256, span: 0.5 },
  slate: { mean: [77, 94, 115], width: 256, height: 256, span: 0.5 },
  paving: { mean: [162, 152, 146], width: 256, height: 182, span: 0.4 },
  pebbles: { mean: [154, 131, 111], width: 256, height: 256, span: 0.5 },
  grass: { mean: [102, 135, 67], width: 256, height: 256, span: 0.5 },
  hedge: { mean: [125, 133, 45], width: 256, height: 256, span: 0.35 },
  plaster: { mean: [217, 201, 174], width: 256, height: 256, span: 0.22 },
  "red-bricks": { mean: [224, 135, 85], width: 256, height: 105, span: 0.24 },
  "white-bricks": { mean: [179, 155, 136], width: 256, height: 108, span: 0.24 },
  "sand-bricks": { mean: [225, 176, 133], width: 256, height: 166, span: 0.3 },
  "blue-sky": { mean: [31, 76, 137], width: 1500, height: 620, span: 0 },
  clouds: { mean: [116, 150, 184], width: 1500, height: 414, span: 0 },
  overcast: { mean: [159, 160, 165], width: 1000, height: 448, span: 0 },
  linen: { mean: [245, 247, 244], width: 512, height: 512, span: 0.45 },
  velvet: { mean: [65, 67, 64], width: 512, height: 512, span: 0.45 },
  "sketch-paper": { mean: [183, 176, 157], width: 512, height: 512, span: 0.6 },
  "grey-paper": { mean: [185, 183, 187], width: 512, height: 512, span: 0.6 },
  "sage-paper": { mean: [188, 195, 164], width: 512, height: 512, span: 0.6 },
  "plum-paper": { mean: [70, 58, 80], width: 512, height: 512, span: 0.6 },
  "sand-paper": { mean: [211, 200, 172], width: 512, height: 512, span: 0.6 },
  "cream-paper": { mean: [237, 239, 227], width: 512, height: 512, span: 0.6 },
  "white-paper": { mean: [235, 237, 234], width: 512, height: 512, span: 0.6 },
  "peach-paper": { mean: [238, 207, 181], width: 512, height: 512, span: 0.6 },
  "dune-sea": { mean: [148, 145, 113], width: 1280, height: 800, span: 0 },
  meadow: { mean: [111, 173, 56], width: 1280, height: 1024, span: 0 },
  storm: {
    mean: [74, 89, 113],
    width: 1280,
    height: 853,
    span: 0,
    horizonAt: 0.6,
    ground: [47, 55, 63],
  },
  "alpine-peaks": {
    mean: [105, 107, 109],
    width: 1280,
    height: 960,
    span: 0,
    horizonAt: 0.66,
    ground: [93, 78, 52],
  },
  "lake-dusk": {
    mean: [143, 126, 176],
    width: 1280,
    height: 800,
    span: 0,
    horizonAt: 0.67,
    ground: [127, 105, 143],
  },
} as const satisfies Record<string, Photo>;

export type PhotoId = keyof typeof PHOTOS;

/** The colour a photograph's own ground has below its horizon, if it shows one. */
export function groundOf(id: PhotoId): Rgb | undefined {
  const photo: Photo = PHOTOS[id];
  return photo.ground;
}

/** apps/server/assets/scenes, five folders above this one in src/ and in dist/ alike. */
const FOLDER = new URL("../../../../../assets/scenes/", import.meta.url);

export function photoPath(id: PhotoId): URL {
  return new URL(`${id}.jpg`, FOLDER);
}

const hrefs = new Map<PhotoId, string>();

/** The photo as a data URL for an SVG `<image>`, read once. */
export function photoHref(id: PhotoId): string {
  let href = hrefs.get(id);
  if (!href) {
    href = `data:image/jpeg;base64,${readFileSync(photoPath(id)).toString("base64")}`;
    hrefs.set(id, href);
  }
  return href;
}

const squares = new Map<string, Promise<Buffer>>();

/** The texture as a `size`-pixel square of raw RGB (stretched: every texture repeats at its own size, so it still repeats). */
export function photoSquare(id: PhotoId, size: number): Promise<Buffer> {
  const key = `${id} ${size}`;
  let made = squares.get(key);
  if (!made) {
    made = sharp(fileURLToPath(photoPath(id)))
      .resize(size, size, { fit: "fill", kernel: "lanczos3" })
      .removeAlpha()
      .raw()
      .toBuffer();
    made.catch(() => squares.delete(key));
    squares.set(key, made);
  }
  return made;
}
