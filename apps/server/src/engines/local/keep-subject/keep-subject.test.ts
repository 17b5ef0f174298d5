import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { EngineImage, Placement } from "../../image-engine.ts";
import type { Rgba } from "../common/index.ts";
import { lanczosUpscaler } from "../upscale/index.ts";
import { keepSubject } from "./keep-subject.ts";
import { placeOnCanvas } from "./place.ts";

const photos = fileURLToPath(new URL("../../../../test/fixtures/photos/", import.meta.url));
const WIDTH = 320;
const HEIGHT = 240;

async function rgbaOf(file: string): Promise<Rgba> {
  const rgba = await sharp(`${photos}${file}`)
    .resize(WIDTH, HEIGHT, { fit: "cover" })
    .ensureAlpha()
    .raw()
    .toBuffer();
  return { rgba, width: WIDTH, height: HEIGHT };
}

/** The astronaut photo's middle as the subject: an ellipse with a soft outline. */
async function subjectCutout(): Promise<Rgba> {
  const photo = await rgbaOf("astronaut.png");
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const d = Math.hypot((x - WIDTH / 2) / 90, (y - HEIGHT / 2) / 80);
      photo.rgba[(y * WIDTH + x) * 4 + 3] = Math.round(
        255 * Math.min(1, Math.max(0, (1 - d) * 12)),
      );
    }
  }
  return photo;
}

const png = async ({ rgba, width, height }: Rgba, channels: 3 | 4 = 4): Promise<EngineImage> => {
  const image = sharp(rgba, { raw: { width, height, channels: 4 } });
  const bytes = await (channels === 3 ? image.removeAlpha() : image).png().toBuffer();
  return { bytes, contentType: "image/png", width, height };
};

/**
 * What a relighting model answers: a new background, the subject moved by `moved` (from the
 * whole frame) and its colours changed (brighter, hue turned).
 */
async function modelAnswer(cutout: Rgba, moved: Placement): Promise<EngineImage> {
  const relit = await sharp(cutout.rgba, { raw: { width: WIDTH, height: HEIGHT, channels: 4 } })
    .modulate({ brightness: 1.15, hue: 25 })
    .raw()
    .toBuffer();
  const placed = await placeOnCanvas({ ...cutout, rgba: relit }, moved, cutout);
  const background = await rgbaOf("rocket.jpg");
  const bytes = await sharp(background.rgba, { raw: { width: WIDTH, height: HEIGHT, channels: 4 } })
    .composite([{ input: placed.rgba, raw: { width: WIDTH, height: HEIGHT, channels: 4 } }])
    .removeAlpha()
    .png()
    .toBuffer();
  return { bytes, contentType: "image/png", width: WIDTH, height: HEIGHT };
}

const signal = new AbortController().signal;
const wholeFrame = { x: 0, y: 0, width: WIDTH, height: HEIGHT };
const moved = { x: 9, y: -6, width: WIDTH * 1.04, height: HEIGHT * 1.04 };

describe("keepSubject", () => {
  it("finds where the model moved the subject and puts its original pixels back", async () => {
    const cutout = await subjectCutout();
    const image = await modelAnswer(cutout, moved);
    const input = { image, cutout: await png(cutout), expected: wholeFrame, search: true };
    const kept = await keepSubject(
      { ...input, paste: true, unpasted: "redrawn" },
      lanczosUpscaler,
      signal,
    );
    const placement = kept.subject?.placement;
    expect(Math.abs((placement?.x ?? 99) - moved.x)).toBeLessThanOrEqual(1);
    expect(Math.abs((placement?.y ?? 99) - moved.y)).toBeLessThanOrEqual(1);
    expect(Math.abs((placement?.width ?? 0) - moved.width)).toBeLessThanOrEqual(2);
    expect(kept.subject?.fidelity?.kept).toBe("original");
    expect(kept.subject?.fidelity?.withinDeltaE2).toBeGreaterThan(0.99);
    expect(kept.subject?.difference?.contentType).toBe("image/png");
    expect([kept.width, kept.height]).toEqual([WIDTH, HEIGHT]);
  });

  it("only measures when told not to paste, and shows how far the model's product is off", async () => {
    const cutout = await subjectCutout();
    const image = await modelAnswer(cutout, moved);
    const input = { image, cutout: await png(cutout), expected: wholeFrame, search: true };
    const kept = await keepSubject(
      { ...input, paste: false, unpasted: "redrawn" },
      lanczosUpscaler,
      signal,
    );
    expect(kept.subject?.fidelity?.kept).toBe("redrawn");
    expect(kept.subject?.fidelity?.withinDeltaE2).toBeLessThan(0.3);
    expect(kept.subject?.fidelity?.meanDeltaE).toBeGreaterThan(5);
  });

  it("does not paste over a subject the model did not keep anywhere near", async () => {
    const cutout = await subjectCutout();
    const image = await png(await rgbaOf("rocket.jpg"), 3);
    const input = { image, cutout: await png(cutout), expected: wholeFrame, search: true };
    const kept = await keepSubject(
      { ...input, paste: true, unpasted: "redrawn" },
      lanczosUpscaler,
      signal,
    );
    expect(kept.subject?.fidelity?.kept).toBe("redrawn");
    expect(kept.subject?.fidelity?.withinDeltaE2).toBeLessThan(0.5);
  });

  it("puts back the subject enlarged by its own upscaler after a 2x upscale", async () => {
    const cutout = await subjectCutout();
    const before = await modelAnswer(cutout, wholeFrame);
    // The other upscaler invents: its answer is the picture enlarged and tinted.
    const invented = await sharp(before.bytes)
      .resize(WIDTH * 2, HEIGHT * 2)
      .modulate({ hue: 40 })
      .png()
      .toBuffer();
    const image = {
      bytes: invented,
      contentType: "image/png",
      width: WIDTH * 2,
      height: HEIGHT * 2,
    };
    const input = {
      image,
      cutout: await png(cutout),
      expected: { x: 0, y: 0, width: WIDTH * 2, height: HEIGHT * 2 },
      search: false,
      paste: true,
      unpasted: "redrawn" as const,
      enlargedFrom: before,
    };
    const kept = await keepSubject(input, lanczosUpscaler, signal);
    expect(kept.subject?.fidelity?.withinDeltaE2).toBeGreaterThan(0.99);
    // The product's middle is the picture before, enlarged, not the other upscaler's tint.
    const middle = async (bytes: Buffer, scale: number) => {
      const box = { left: 120 * scale, top: 90 * scale, width: 80 * scale, height: 60 * scale };
      // stats() reads its input: the crop is made first.
      const crop = await sharp(bytes).extract(box).toBuffer();
      return (await sharp(crop).stats()).channels.map((channel) => channel.mean);
    };
    const [kept0 = 0, kept1 = 0, kept2 = 0] = await middle(kept.bytes, 2);
    const [was0 = 0, was1 = 0, was2 = 0] = await middle(before.bytes, 1);
    const [made0 = 0, made1 = 0, made2 = 0] = await middle(invented, 2);
    const offBy = (a: number[], b: number[]) =>
      Math.max(...a.map((v, i) => Math.abs(v - (b[i] ?? 0))));
    expect(offBy([kept0, kept1, kept2], [was0, was1, was2])).toBeLessThan(3);
    expect(offBy([made0, made1, made2], [was0, was1, was2])).toBeGreaterThan(10);
  });
});
