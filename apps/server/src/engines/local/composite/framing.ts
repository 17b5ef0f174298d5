import sharp from "sharp";
import type { Placement } from "../../image-engine.ts";
import type { FrameEdges } from "../common/index.ts";
import { podiumShape } from "../scene/index.ts";
import type {
  Bounds,
  Cutout,
  SceneCamera,
  SceneGeometry,
  Size,
  TakeComposition,
} from "../types.ts";
import {
  boundsOnCanvas,
  type CanvasFit,
  centreOfMass,
  clipToCanvas,
  fitOnCanvas,
} from "./canvas-fit.ts";
import { cutEdges, isCut } from "./cut-edges.ts";
import { podiumFraming } from "./podium-framing.ts";
import { cutTakeFraming, takeFraming, takeMoves } from "./take-framing.ts";

/** The box around the mask's mostly-opaque pixels (right and bottom exclusive). */
export function subjectBounds(mask: Uint8Array, width: number, height: number): Bounds | undefined {
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((mask[y * width + x] ?? 0) < 128) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      bottom = y;
    }
  }
  return right < 0 ? undefined : { left, top, right: right + 1, bottom: bottom + 1 };
}

/**
 * Where the floor meets the backdrop: behind the subject's middle, never at an edge. A close-up
 * camera sits lower, so the horizon does too.
 */
export function horizonFor(
  bounds: Bounds,
  height: number,
  closeUp = false,
  take?: TakeComposition,
): number {
  const at = take?.horizonAt ?? (closeUp ? 0.62 : 0.5);
  const middle = bounds.top + (bounds.bottom - bounds.top) * at;
  // A take's camera may stand higher than the usual one. Never much lower: a product photographed
  // from above, seen against a horizon at its foot, would look stood on its edge.
  const lowest = closeUp ? 0.8 : 0.72;
  const highest = take ? 0.18 : 0.3;
  return Math.round(Math.min(height * lowest, Math.max(height * highest, middle)));
}

/** Whether the subject's base shows in the picture, so it visibly stands on the floor. */
export function standsInFrame(bounds: Bounds, height: number): boolean {
  return bounds.bottom < height * 0.98;
}

/** Whether the subject's box reaches within 1% of an edge: the photo crops it. */
function cropped(bounds: Bounds, width: number, height: number): boolean {
  const marginX = Math.max(1, width * 0.01);
  const marginY = Math.max(1, height * 0.01);
  return (
    bounds.left < marginX ||
    bounds.top < marginY ||
    bounds.right > width - marginX ||
    bounds.bottom > height - marginY
  );
}

type Shares = { height: number; width: number; floorLine: number };
/**
 * The largest share of the picture a whole subject may fill, so floor and shadow show, and
 * where a resized subject stands (as a share of the picture's height). A close-up fills more.
 */
const SHARES: Shares = { height: 0.74, width: 0.8, floorLine: 0.92 };
const CLOSE_UP_SHARES: Shares = { height: 0.86, width: 0.9, floorLine: 0.95 };

/**
 * A whole subject whose box fills less than this share of the frame (along its larger share)
 * looks lost in a scene: it is enlarged toward it, by at most SMALL_GROWTH, since a photo's
 * pixels enlarged further look soft.
 */
const SMALL_SHARE = 0.45;
const SMALL_GROWTH = 1.6;

/**
 * Where a whole subject should go when it crowds the frame (smaller) or is lost in it (larger,
 * see SMALL_SHARE): centred, standing on the floor. A subject the photo crops (touching an
 * edge, like a portrait) stays where it is, as does one already at a fitting size; both give
 * undefined.
 */
export function framingFor(
  bounds: Bounds,
  width: number,
  height: number,
  closeUp = false,
): Bounds | undefined {
  const shares = closeUp ? CLOSE_UP_SHARES : SHARES;
  if (cropped(bounds, width, height)) return undefined;
  const boxWidth = bounds.right - bounds.left;
  const boxHeight = bounds.bottom - bounds.top;
  const fits = Math.min((height * shares.height) / boxHeight, (width * shares.width) / boxWidth);
  const share = Math.max(boxWidth / width, boxHeight / height);
  const grows = Math.min(SMALL_GROWTH, SMALL_SHARE / share, fits);
  const scale = fits < 1 ? fits : grows > 1 ? grows : undefined;
  if (scale === undefined) return undefined;
  const newWidth = Math.round(boxWidth * scale);
  const newHeight = Math.round(boxHeight * scale);
  const left = Math.round((width - newWidth) / 2);
  const top = Math.round(height * shares.floorLine - newHeight);
  return { left, top, right: left + newWidth, bottom: top + newHeight };
}

/**
 * Moves and scales the cut-out so its bounds become `target`, on a transparent canvas of the
 * cut-out's size or the one given.
 */
export async function placeSubject(
  cutout: Cutout,
  from: Bounds,
  target: Bounds,
  canvas: Size = cutout,
): Promise<Cutout> {
  const { width, height } = canvas;
  const scale = (target.right - target.left) / (from.right - from.left);
  // Take a margin around the box so the mask's soft outer edge comes along.
  const pad = Math.round(Math.max(cutout.width, cutout.height) * 0.02);
  const source = {
    left: Math.max(0, from.left - pad),
    top: Math.max(0, from.top - pad),
    right: Math.min(cutout.width, from.right + pad),
    bottom: Math.min(cutout.height, from.bottom + pad),
  };
  const pieceWidth = Math.max(1, Math.round((source.right - source.left) * scale));
  const pieceHeight = Math.max(1, Math.round((source.bottom - source.top) * scale));
  const resized = await sharp(cutout.rgba, {
    raw: { width: cutout.width, height: cutout.height, channels: 4 },
  })
    .extract({
      left: source.left,
      top: source.top,
      width: source.right - source.left,
      height: source.bottom - source.top,
    })
    .resize(pieceWidth, pieceHeight, { fit: "fill", kernel: "lanczos3" })
    .raw()
    .toBuffer();
  // An enlarged piece (a white background fills the frame) may reach past the picture's edges.
  const at = {
    left: Math.round(target.left - (from.left - source.left) * scale),
    top: Math.round(target.top - (from.top - source.top) * scale),
  };
  const shown = {
    left: Math.max(0, -at.left),
    top: Math.max(0, -at.top),
    right: Math.min(pieceWidth, width - at.left),
    bottom: Math.min(pieceHeight, height - at.top),
  };
  const clipped =
    shown.left > 0 || shown.top > 0 || shown.right < pieceWidth || shown.bottom < pieceHeight;
  const piece = clipped
    ? await sharp(resized, { raw: { width: pieceWidth, height: pieceHeight, channels: 4 } })
        .extract({
          left: shown.left,
          top: shown.top,
          width: shown.right - shown.left,
          height: shown.bottom - shown.top,
        })
        .raw()
        .toBuffer()
    : resized;
  const rgba = await sharp({
    create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([
      {
        input: piece,
        raw: { width: shown.right - shown.left, height: shown.bottom - shown.top, channels: 4 },
        left: at.left + shown.left,
        top: at.top + shown.top,
      },
    ])
    .raw()
    .toBuffer();
  const mask = Buffer.alloc(width * height);
  for (let i = 0; i < mask.length; i++) mask[i] = rgba[i * 4 + 3] ?? 0;
  return { rgba, mask, width, height };
}

/** Where the subject goes and the scene it needs: what composite() draws around it. */
export type SubjectLayout = {
  /** The cut-out moved and scaled into place (the photo's own when it stays). */
  cutout: Cutout;
  bounds: Bounds;
  /** Where the whole photo's frame went: what a fidelity check lays the original at. */
  placement: Placement;
  /** The base shows, so the subject stands on the floor: it gets shadows and a reflection. */
  standing: boolean;
  geometry: SceneGeometry;
};

/** The subject's box, or the whole photo when no subject was found in it. */
function boundsOrWhole({ mask, width, height }: Cutout): Bounds {
  return subjectBounds(mask, width, height) ?? { left: 0, top: 0, right: width, bottom: height };
}

/** How the photo goes onto a canvas of another size; none on its own size. */
function fitFor(
  photo: Cutout,
  found: Bounds,
  edges: FrameEdges,
  canvas: Size,
): CanvasFit | undefined {
  const same = canvas.width === photo.width && canvas.height === photo.height;
  return same ? undefined : fitOnCanvas(found, photo, canvas, edges, centreOfMass(photo));
}

/**
 * The cut-out on the canvas and the subject's box there: moved to `target` when framing gave
 * one, otherwise as photographed. On the photo's own canvas that is the photo itself; on
 * another, the whole photo goes where the fit puts it, so a faint edge running off the frame
 * comes along to the canvas's edge.
 */
async function placed(
  photo: Cutout,
  found: Bounds,
  target: Bounds | undefined,
  fit: CanvasFit | undefined,
  canvas: Size,
): Promise<{ cutout: Cutout; bounds: Bounds; placement: Placement }> {
  if (target) {
    const cutout = await placeSubject(photo, found, target, canvas);
    return { cutout, bounds: target, placement: frameMoved(photo, found, target) };
  }
  const frame = { left: 0, top: 0, right: photo.width, bottom: photo.height };
  if (!fit) return { cutout: photo, bounds: found, placement: frameMoved(photo, frame, frame) };
  const onCanvas = boundsOnCanvas(frame, fit);
  const cutout = await placeSubject(photo, frame, onCanvas, canvas);
  const bounds = clipToCanvas(boundsOnCanvas(found, fit), canvas);
  return { cutout, bounds, placement: frameMoved(photo, frame, onCanvas) };
}

/** Where the photo's whole frame goes when its box `from` is moved and scaled onto `to`. */
function frameMoved(photo: Size, from: Bounds, to: Bounds): Placement {
  const scale = (to.right - to.left) / Math.max(1, from.right - from.left);
  return {
    x: to.left - from.left * scale,
    y: to.top - from.top * scale,
    width: photo.width * scale,
    height: photo.height * scale,
  };
}

/**
 * Frames the subject for the camera, on a canvas of the photo's size or the one given (first
 * fitted to it, see fitOnCanvas): a close-up lets it fill more of the picture; seen from above
 * there is no horizon, the surface fills the frame. A subject the frame cuts stays as
 * photographed; a whole one standing on a podium is centred and sized so the podium shows
 * whole (see podiumFraming).
 */
export async function layoutSubject(
  photo: Cutout,
  camera: SceneCamera,
  onPodium = false,
  canvas: Size = photo,
  take?: TakeComposition,
): Promise<SubjectLayout> {
  const { width, height } = canvas;
  const edges = cutEdges(photo);
  const cut = isCut(edges);
  const found = boundsOrWhole(photo);
  const fit = fitFor(photo, found, edges, canvas);
  const start = fit ? boundsOnCanvas(found, fit) : found;
  const framed = cut ? undefined : framingFor(start, width, height, camera.closeUp);
  const podium = onPodium && !cut && standsInFrame(framed ?? start, height);
  const base = podium ? podiumFraming(framed ?? start, width, height, camera.topDown) : framed;
  // A take moves a whole subject; one on a podium moves with it, the podium kept in frame. A
  // subject the photo cuts is shot from nearer or further, its cut edges kept on the picture's.
  const podiumReach = (box: Bounds) => podiumShape(box, width, height, camera.topDown).rx;
  const target = !take
    ? base
    : cut
      ? cutTakeFraming(start, edges, canvas, take)
      : takeMoves(take)
        ? takeFraming(base ?? start, width, take, podium ? podiumReach : undefined)
        : base;
  const { cutout, bounds, placement } = await placed(photo, found, target, fit, canvas);
  const standing = !edges.bottom && standsInFrame(bounds, height);
  // Only a subject standing in the picture gets the take's camera height: behind a bust a high
  // camera would turn the wall into floor.
  const shot = standing ? take : undefined;
  const horizon = camera.topDown ? 0 : horizonFor(bounds, height, camera.closeUp, shot);
  const geometry = { width, height, horizon, ...(standing ? { subject: bounds } : {}) };
  return { cutout, bounds, placement, standing, geometry };
}

/**
 * On a white background the larger share of the subject's box fills this share of the frame's
 * side along it: marketplaces ask for 85% or more, so 90% leaves room for rounding either way.
 */
export const WHITE_FILL = 0.9;

/**
 * Where a whole subject goes on a white (marketplace) background: scaled, up or down, as large
 * as fits inside WHITE_FILL of the picture's width and of its height (on a square, its larger
 * side is WHITE_FILL of the side), and centred, on a canvas of the photo's `width`×`height` or
 * the one given. A subject the photo crops (a bust, a scene running off the edges) gives
 * undefined: it stays as photographed, its cut edges on the picture's edges rather than
 * floating in the white.
 */
export function whiteFraming(
  bounds: Bounds,
  width: number,
  height: number,
  canvas: Size = { width, height },
): Bounds | undefined {
  if (cropped(bounds, width, height)) return undefined;
  const boxWidth = Math.max(1, bounds.right - bounds.left);
  const boxHeight = Math.max(1, bounds.bottom - bounds.top);
  const scale = Math.min(
    (canvas.width * WHITE_FILL) / boxWidth,
    (canvas.height * WHITE_FILL) / boxHeight,
  );
  const newWidth = Math.max(1, Math.round(boxWidth * scale));
  const newHeight = Math.max(1, Math.round(boxHeight * scale));
  const left = Math.round((canvas.width - newWidth) / 2);
  const top = Math.round((canvas.height - newHeight) / 2);
  return { left, top, right: left + newWidth, bottom: top + newHeight };
}

/**
 * The subject framed for a white background (see whiteFraming), on a canvas of the photo's size
 * or the one given; it stands when its base shows.
 */
export async function layoutOnWhite(photo: Cutout, canvas: Size = photo): Promise<SubjectLayout> {
  const { width, height } = canvas;
  const edges = cutEdges(photo);
  const found = boundsOrWhole(photo);
  const target = isCut(edges) ? undefined : whiteFraming(found, photo.width, photo.height, canvas);
  const fit = fitFor(photo, found, edges, canvas);
  const { cutout, bounds, placement } = await placed(photo, found, target, fit, canvas);
  const standing = !edges.bottom && standsInFrame(bounds, height);
  return { cutout, bounds, placement, standing, geometry: { width, height, horizon: height } };
}
