import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { boxPhoto } from "../../../test/helpers/box-photo.ts";
import { detailOf } from "../../../test/helpers/picture-detail.ts";
import { standInEngine } from "../../../test/helpers/stand-in-engine.ts";
import type { EngineResult } from "../image-engine.ts";
import { hue } from "./common/index.ts";
import type { Bounds } from "./types.ts";

/**
 * Issue 29, point 6: each family of edits lands, measured on the picture, whatever the scene
 * before it (another scene, an earlier edit, an upscale), and leaves the product's pixels as
 * they were. The stand-in cut-out makes the photo's middle half the product.
 */

const { engine, generate, edit } = standInEngine();

type Picture = { rgb: Buffer; width: number; height: number; product: Bounds };

/** The picture's pixels, and the product's inside: the middle half of the photo, as placed. */
async function picture(result: EngineResult): Promise<Picture> {
  const { data, info } = await sharp(result.bytes)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const placement = result.subject?.placement;
  if (!placement) throw new Error("The result says nothing of where its product is");
  const { x, y, width, height } = placement;
  const inset = 3;
  const product = {
    left: Math.ceil(x + width / 4) + inset,
    top: Math.ceil(y + height / 4) + inset,
    right: Math.floor(x + (width * 3) / 4) - inset,
    bottom: Math.floor(y + (height * 3) / 4) - inset,
  };
  return { rgb: data, width: info.width, height: info.height, product };
}

const within = (box: Bounds, x: number, y: number) =>
  x >= box.left && x < box.right && y >= box.top && y < box.bottom;

/** The backdrop: the rows above the product, all across. */
const backdrop = ({ width, product }: Picture): Bounds => ({
  left: 0,
  top: 0,
  right: width,
  bottom: Math.max(4, product.top - 6),
});

/** The surface: the rows below the product, all across. */
const surface = ({ width, height, product }: Picture): Bounds => ({
  left: 0,
  top: Math.min(height - 4, product.bottom + 10),
  right: width,
  bottom: height,
});

function meanOf({ rgb, width }: Picture, box: Bounds) {
  const sum = [0, 0, 0];
  let count = 0;
  for (let y = box.top; y < box.bottom; y++) {
    for (let x = box.left; x < box.right; x++) {
      for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (rgb[(y * width + x) * 3 + c] ?? 0);
      count++;
    }
  }
  const [r, g, b] = sum.map((s) => s / Math.max(1, count)) as [number, number, number];
  const high = Math.max(r, g, b);
  return {
    r,
    g,
    b,
    luma: 0.2126 * r + 0.7152 * g + 0.0722 * b,
    hue: hue([r, g, b]),
    saturation: high === 0 ? 0 : (high - Math.min(r, g, b)) / high,
  };
}

/** The largest change of any channel of any pixel of the product's inside. */
function productChange(before: Picture, after: Picture): number {
  expect(after.product).toEqual(before.product);
  let most = 0;
  for (let y = 0; y < before.height; y++) {
    for (let x = 0; x < before.width; x++) {
      if (!within(before.product, x, y)) continue;
      for (let c = 0; c < 3; c++) {
        const i = (y * before.width + x) * 3 + c;
        most = Math.max(most, Math.abs((before.rgb[i] ?? 0) - (after.rgb[i] ?? 0)));
      }
    }
  }
  return most;
}

async function generated(prompt: string): Promise<EngineResult> {
  return generate(await boxPhoto(), prompt);
}

/** An edit that the engine must take (not refuse before charging), and its picture. */
async function landed(from: EngineResult, prompt: string) {
  expect(engine.checkEdit?.(prompt, true, from.keep?.state)).toBeUndefined();
  const result = await edit(from, prompt);
  return { result, after: await picture(result) };
}

/** Hue in the range around `centre`, the short way round. */
function hueNear(measured: number, centre: number, reach: number) {
  const distance = Math.min(Math.abs(measured - centre), 360 - Math.abs(measured - centre));
  expect(distance, `hue ${measured.toFixed(0)}° against ${centre}°`).toBeLessThanOrEqual(reach);
}

const BLUE = 220;
const GREEN = 125;
const PINK = 335;

describe("background colour edits", () => {
  it("makes a studio's background blue, product untouched", async () => {
    const from = await generated("in a studio");
    const { after } = await landed(from, "make the background blue");
    const paper = meanOf(after, backdrop(after));
    hueNear(paper.hue, BLUE, 20);
    expect(paper.saturation).toBeGreaterThan(0.4);
    expect(productChange(await picture(from), after)).toBeLessThanOrEqual(1);
  });

  it("makes it blue after a sunset, not mauve-grey", async () => {
    const sunset = (await landed(await generated("in a studio"), "make it sunset")).result;
    const { after } = await landed(sunset, "make the background blue");
    const paper = meanOf(after, backdrop(after));
    hueNear(paper.hue, BLUE, 20);
    expect(paper.saturation).toBeGreaterThan(0.4);
    expect(productChange(await picture(sunset), after)).toBeLessThanOrEqual(1);
  });

  it("turns a kitchen's wall green", async () => {
    const from = await generated("in a kitchen");
    const { after } = await landed(from, "turn the background green");
    const wall = meanOf(after, backdrop(after));
    hueNear(wall.hue, GREEN, 25);
    // Its cabinets and tiles are lighter shades of the paint.
    expect(wall.saturation).toBeGreaterThan(0.25);
    expect(productChange(await picture(from), after)).toBeLessThanOrEqual(1);
  });

  it("puts a blue wall behind a forest's subject", async () => {
    const from = await generated("in a forest");
    const { after } = await landed(from, "make the background blue");
    const wall = meanOf(after, backdrop(after));
    hueNear(wall.hue, BLUE, 20);
    expect(wall.saturation).toBeGreaterThan(0.4);
    expect(productChange(await picture(from), after)).toBeLessThanOrEqual(1);
  });

  it("paints a white background pink", async () => {
    const from = await generated("white background");
    const { after } = await landed(from, "a pink backdrop");
    const paper = meanOf(after, backdrop(after));
    hueNear(paper.hue, PINK, 20);
    expect(paper.saturation).toBeGreaterThan(0.25);
    expect(productChange(await picture(from), after)).toBeLessThanOrEqual(1);
  });

  it("makes an upscaled picture's background blue at its own size", async () => {
    const from = await generated("on a wooden table");
    const { width, height } = from;
    const big = await sharp(from.bytes)
      .resize(width * 2, height * 2, { kernel: "nearest" })
      .png()
      .toBuffer();
    const enlarged: EngineResult = {
      ...from,
      bytes: big,
      width: width * 2,
      height: height * 2,
      ...(from.subject && {
        subject: {
          placement: {
            x: from.subject.placement.x * 2,
            y: from.subject.placement.y * 2,
            width: from.subject.placement.width * 2,
            height: from.subject.placement.height * 2,
          },
        },
      }),
    };
    const { result, after } = await landed(enlarged, "make the background blue");
    expect(result).toMatchObject({ width: width * 2, height: height * 2 });
    hueNear(meanOf(after, backdrop(after)).hue, BLUE, 20);
    // The product is the enlarged picture's own, not the render's enlarged again.
    expect(productChange(await picture(enlarged), after)).toBeLessThanOrEqual(1);
  });
});

describe("brightness edits", () => {
  it("brightens and darkens the background by a clear margin, product untouched", async () => {
    const from = await generated("on a wooden table");
    const before = await picture(from);
    const wall = meanOf(before, backdrop(before)).luma;
    for (const [prompt, sign] of [
      ["brighter", 1],
      ["more light", 1],
      ["darker", -1],
    ] as const) {
      const { after } = await landed(from, prompt);
      expect(sign * (meanOf(after, backdrop(after)).luma - wall), prompt).toBeGreaterThan(10);
      expect(productChange(before, after), prompt).toBeLessThanOrEqual(1);
    }
  });

  it("darkens a blue background and keeps it blue", async () => {
    const blue = (await landed(await generated("in a studio"), "make the background blue")).result;
    const { after } = await landed(blue, "darker");
    const [was, now] = [
      meanOf(await picture(blue), backdrop(after)),
      meanOf(after, backdrop(after)),
    ];
    expect(now.luma).toBeLessThan(was.luma - 10);
    hueNear(now.hue, BLUE, 20);
    expect(productChange(await picture(blue), after)).toBeLessThanOrEqual(1);
  });
});

describe("warmth edits", () => {
  it("shifts the background's red against blue, product untouched", async () => {
    const from = await generated("in a kitchen");
    const before = await picture(from);
    const { r, b } = meanOf(before, backdrop(before));
    const warmer = (await landed(from, "warmer")).after;
    const cooler = (await landed(from, "cooler")).after;
    const shift = (p: Picture) => meanOf(p, backdrop(p)).r - meanOf(p, backdrop(p)).b - (r - b);
    expect(shift(warmer)).toBeGreaterThan(10);
    expect(shift(cooler)).toBeLessThan(-10);
    expect(productChange(before, warmer)).toBeLessThanOrEqual(1);
    expect(productChange(before, cooler)).toBeLessThanOrEqual(1);
  });
});

describe("time of day edits", () => {
  it("sunset and golden hour are warm with a darker sky; night is dark and blue", async () => {
    const from = await generated("on a beach");
    const before = await picture(from);
    const day = meanOf(before, backdrop(before));
    for (const prompt of ["make it sunset", "golden hour"]) {
      const { after } = await landed(from, prompt);
      const sky = meanOf(after, backdrop(after));
      expect(sky.r - sky.b, prompt).toBeGreaterThan(day.r - day.b + 20);
      expect(sky.luma, prompt).toBeLessThan(day.luma - 5);
      expect(productChange(before, after), prompt).toBeLessThanOrEqual(1);
    }
    const { after } = await landed(from, "at night");
    const night = meanOf(after, backdrop(after));
    expect(night.luma).toBeLessThan(day.luma * 0.4);
    expect(night.b).toBeGreaterThan(night.r + 10);
    expect(productChange(before, after)).toBeLessThanOrEqual(1);
  });

  it("morning lights a night scene again", async () => {
    const night = (await landed(await generated("on a beach"), "at night")).result;
    const { after } = await landed(night, "morning");
    const was = meanOf(await picture(night), backdrop(after));
    expect(meanOf(after, backdrop(after)).luma).toBeGreaterThan(was.luma + 40);
    expect(productChange(await picture(night), after)).toBeLessThanOrEqual(1);
  });

  it("makes a blue background's scene a sunset: the later edit shows", async () => {
    const blue = (await landed(await generated("on a beach"), "make the background blue")).result;
    const { after } = await landed(blue, "make it sunset");
    const [was, now] = [
      meanOf(await picture(blue), backdrop(after)),
      meanOf(after, backdrop(after)),
    ];
    expect(now.r - now.b).toBeGreaterThan(was.r - was.b + 20);
    expect(productChange(await picture(blue), after)).toBeLessThanOrEqual(1);
  });
});

describe("blur edits", () => {
  it("blurs a kitchen's background and sharpens it again, product untouched", async () => {
    const from = await generated("in a kitchen");
    const before = await picture(from);
    const detail = detailOf(before, backdrop(before));
    const blurred = (await landed(from, "blur the background")).after;
    expect(detailOf(blurred, backdrop(blurred))).toBeLessThan(detail * 0.85);
    const sharper = (await landed(from, "sharper background")).after;
    expect(detailOf(sharper, backdrop(sharper))).toBeGreaterThan(detail * 1.15);
    expect(productChange(before, blurred)).toBeLessThanOrEqual(1);
    expect(productChange(before, sharper)).toBeLessThanOrEqual(1);
  });

  it("leaves the floor the subject stands on in focus, without streaks beside it", async () => {
    const from = await generated("in a living room");
    const before = await picture(from);
    const after = (await landed(from, "blur the background")).after;
    const { product, width } = before;
    let most = 0;
    for (let y = product.bottom - 10; y < product.bottom + 4; y++) {
      for (let x = 0; x < width; x++) {
        if (within(product, x, y)) continue;
        for (let c = 0; c < 3; c++) {
          const i = (y * width + x) * 3 + c;
          most = Math.max(most, Math.abs((after.rgb[i] ?? 0) - (before.rgb[i] ?? 0)));
        }
      }
    }
    expect(most).toBeLessThan(24);
  });
});

describe("surface edits", () => {
  it("puts the subject on marble, then on a wooden table", async () => {
    const from = await generated("in a studio");
    const before = await picture(from);
    const plain = meanOf(before, surface(before));
    const marble = (await landed(from, "put it on marble")).result;
    const onMarble = await picture(marble);
    const stone = meanOf(onMarble, surface(onMarble));
    expect(detailOf(onMarble, surface(onMarble))).toBeGreaterThan(
      detailOf(before, surface(before)) + 0.5,
    );
    expect(stone.luma).toBeGreaterThan(plain.luma - 10);
    const { after } = await landed(marble, "on a wooden table");
    const wood = meanOf(after, surface(after));
    hueNear(wood.hue, 28, 20);
    expect(wood.saturation).toBeGreaterThan(0.25);
    expect(productChange(before, onMarble)).toBeLessThanOrEqual(1);
    expect(productChange(before, after)).toBeLessThanOrEqual(1);
  });
});

describe("edits of a picture without a kept scene (an upload)", () => {
  /** The upload's RGB; the stand-in cut-out makes its middle half the product. */
  async function pixels(bytes: Buffer) {
    return sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  }

  it("grades the background around the product and leaves the product's pixels as they were", async () => {
    const photo = await boxPhoto();
    const before = await pixels(photo.bytes);
    const { width, height } = before.info;
    const product = {
      left: Math.floor(width / 4),
      top: Math.floor(height / 4),
      right: Math.ceil((width * 3) / 4),
      bottom: Math.ceil((height * 3) / 4),
    };
    for (const prompt of ["warmer", "black and white", "darker", "more contrast"]) {
      expect(engine.checkEdit?.(prompt, false), prompt).toBeUndefined();
      const after = await pixels((await edit({ ...photo }, prompt)).bytes);
      let productMost = 0;
      let backgroundSum = 0;
      let backgroundCount = 0;
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const inside = within(product, x, y);
          for (let c = 0; c < 3; c++) {
            const i = (y * width + x) * 3 + c;
            const step = Math.abs((after.data[i] ?? 0) - (before.data[i] ?? 0));
            if (inside) productMost = Math.max(productMost, step);
            else backgroundSum += step;
          }
          if (!inside) backgroundCount++;
        }
      }
      expect(productMost, prompt).toBe(0);
      expect(backgroundSum / backgroundCount, prompt).toBeGreaterThan(5);
    }
  });
});
