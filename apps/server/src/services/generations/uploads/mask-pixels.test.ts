import { GENERATION_MESSAGES as M, maskWrongSizeMessage } from "@backdrop/shared";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { cutoutWithMask, maskOfCutout, maskToPng, readSentMask } from "./mask-pixels.ts";

const SIZE = { width: 4, height: 2 };
/** Keeps the left half, half-keeps one pixel. */
const MASK = Buffer.from([255, 255, 0, 0, 255, 128, 0, 0]);

function png(data: Buffer, channels: 1 | 2 | 3 | 4) {
  return sharp(data, { raw: { ...SIZE, channels } })
    .png()
    .toBuffer();
}

/** Every pixel given `colour` for its colour channels and the mask for its alpha. */
function withAlpha(colour: number[]): Buffer {
  return Buffer.from([...MASK].flatMap((alpha) => [...colour, alpha]));
}

describe("readSentMask", () => {
  it("takes a greyscale PNG's grey", async () => {
    expect((await readSentMask(await png(MASK, 1), SIZE)).mask).toEqual(MASK);
  });

  it("takes the alpha of a PNG with transparency, grey or colour, whatever its colour", async () => {
    expect((await readSentMask(await png(withAlpha([0]), 2), SIZE)).mask).toEqual(MASK);
    const rgba = withAlpha([200, 10, 90]);
    expect((await readSentMask(await png(rgba, 4), SIZE)).mask).toEqual(MASK);
  });

  it("makes a colour PNG without transparency grey", async () => {
    const rgb = Buffer.from([...MASK].flatMap((grey) => [grey, grey, grey]));
    expect((await readSentMask(await png(rgb, 3), SIZE)).mask).toEqual(MASK);
  });

  it("says what is wrong with a mask it refuses", async () => {
    const refused = (bytes: Buffer) => readSentMask(bytes, SIZE).catch((error: Error) => error);
    expect(await refused(Buffer.from("not a picture"))).toMatchObject({
      status: 400,
      message: M.maskNotAnImage,
    });
    const jpeg = await sharp(MASK, { raw: { ...SIZE, channels: 1 } })
      .jpeg()
      .toBuffer();
    expect(await refused(jpeg)).toMatchObject({ status: 400, message: M.maskNotPng });
    const wide = await sharp(Buffer.alloc(16, 255), { raw: { width: 8, height: 2, channels: 1 } })
      .png()
      .toBuffer();
    expect(await refused(wide)).toMatchObject({
      status: 400,
      message: maskWrongSizeMessage({ width: 8, height: 2 }, SIZE),
    });
    expect(await refused(await png(Buffer.alloc(8), 1))).toMatchObject({
      status: 400,
      message: M.maskEmpty,
    });
  });
});

describe("a cut-out with a mask", () => {
  it("keeps the photo's own pixels under the mask, and gives the mask back", async () => {
    const photo = await sharp(Buffer.from([...Array(24).keys()].map((i) => i * 10)), {
      raw: { ...SIZE, channels: 3 },
    })
      .png()
      .toBuffer();
    const cutout = await cutoutWithMask(photo, { mask: MASK, ...SIZE });
    const { data, info } = await sharp(cutout).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect(data[4 * 5]).toBe(150);
    expect(data[4 * 5 + 3]).toBe(128);
    const back = await maskOfCutout(cutout);
    expect(back.mask).toEqual(MASK);
    const grey = await maskToPng(back);
    expect(await sharp(grey).metadata()).toMatchObject({ channels: 1, ...SIZE });
  });
});
