import { GENERATION_MESSAGES } from "@backdrop/shared";
import sharp from "sharp";
import type { ScenePreview, SubjectCutout } from "../image-engine.ts";
import { fillsFrame, horizonFor, podiumFraming } from "./composite/index.ts";
import { cutoutFromPng } from "./cutout/index.ts";
import { libraryScene, planScene, readPrompt, renderScene } from "./scene/index.ts";
import { wantsWhiteBackground } from "./white-prompt.ts";

/** The preview's long side: enough to judge a scene, small enough to draw while typing. */
export const PREVIEW_MAX_SIDE = 384;
const DEFAULT_ASPECT = { width: 4, height: 3 };
/** One seed for every preview, so the same words always show the same scene. */
const PREVIEW_SEED = 1;

/** The preview's size: the photo's proportions when known, its long side PREVIEW_MAX_SIDE. */
function previewSize(aspect?: { width: number; height: number }) {
  const { width, height } = aspect ?? DEFAULT_ASPECT;
  const scale = PREVIEW_MAX_SIDE / Math.max(width, height);
  return {
    width: Math.max(16, Math.round(width * scale)),
    height: Math.max(16, Math.round(height * scale)),
  };
}

/**
 * What the local engine will draw for a prompt, before anything is charged: the words it
 * understood and left out, and the scene itself without a subject, as a small WebP data URL.
 * The horizon sits where a subject filling the middle of the frame would put it. Given the
 * upload's cut-out (`photo`), it also says when its subject fills the photo (see fillsFrame).
 * A white request says so (`marketplace`), by the test that also keeps its product exact by
 * default (wantsWhiteBackground): at the photo's own size it is made square.
 */
export async function previewScene(
  prompt: string,
  aspect?: { width: number; height: number },
  photo?: SubjectCutout,
): Promise<ScenePreview> {
  const { understood, ignored } = readPrompt(prompt);
  const plan = planScene(prompt);
  const { width, height } = previewSize(aspect);
  const middle = {
    left: Math.round(width * 0.3),
    top: Math.round(height * 0.2),
    right: Math.round(width * 0.7),
    bottom: Math.round(height * 0.86),
  };
  const subject = plan.podium ? podiumFraming(middle, width, height, plan.camera.topDown) : middle;
  const horizon = plan.camera.topDown ? 0 : horizonFor(subject, height, plan.camera.closeUp);
  const geometry = { width, height, horizon, ...(plan.podium ? { subject } : {}) };
  const pixels = await renderScene(plan, geometry, PREVIEW_SEED, "fast");
  const webp = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .webp({ quality: 72 })
    .toBuffer();
  const preview = `data:image/webp;base64,${webp.toString("base64")}`;
  const fills = photo ? fillsFrame(await cutoutFromPng(photo.bytes)) : false;
  const scene = libraryScene(plan.scene)?.name;
  return {
    understood,
    ignored,
    preview,
    ...(scene ? { scene } : {}),
    ...(fills ? { note: GENERATION_MESSAGES.subjectFillsFrame } : {}),
    ...(wantsWhiteBackground(prompt) ? { marketplace: true } : {}),
  };
}
