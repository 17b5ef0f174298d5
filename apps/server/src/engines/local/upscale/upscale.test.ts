import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { EngineError, type JobContext } from "../../image-engine.ts";
import { decodeImage, type RawImage } from "../common/index.ts";
import { createLocalEngine, type LocalEngineOptions } from "../local.engine.ts";
import type { TileModel } from "../models/index.ts";
import { createEsrganUpscaler, esrganUpscaler, lanczosUpscaler } from "./upscale.ts";

const photos = fileURLToPath(new URL("../../../../test/fixtures/photos/", import.meta.url));
const never = new AbortController().signal;

async function pixels(pipeline: sharp.Sharp) {
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

function psnr(a: Buffer, b: Buffer): number {
  let squared = 0;
  for (let i = 0; i < a.length; i++) squared += ((a[i] ?? 0) - (b[i] ?? 0)) ** 2;
  return 10 * Math.log10((255 * 255) / (squared / a.length));
}

/** A photo's RGB and its half-size version, decoded as the engine would. */
async function downscaled(name: string) {
  const path = `${photos}${name}`;
  const original = await pixels(sharp(path).removeAlpha());
  const half = await sharp(path)
    .removeAlpha()
    .resize(original.width / 2, original.height / 2, { kernel: "lanczos3" })
    .png()
    .toBuffer();
  return { original, small: await decodeImage(half) };
}

/** A stand-in model: nearest 2x of a 3x3 box blur, so tiles need a reach of 1. */
function blurModel(calls: { count: number } = { count: 0 }): TileModel {
  return {
    reach: 1,
    async run(rgb, width, height) {
      calls.count += 1;
      const out = new Float32Array(rgb.length * 4);
      for (let c = 0; c < 3; c++)
        for (let y = 0; y < height; y++)
          for (let x = 0; x < width; x++) {
            let sum = 0;
            for (let dy = -1; dy <= 1; dy++)
              for (let dx = -1; dx <= 1; dx++) {
                const sy = y + dy;
                const sx = x + dx;
                if (sy >= 0 && sx >= 0 && sy < height && sx < width) {
                  sum += rgb[(c * height + sy) * width + sx] ?? 0;
                }
              }
            for (let q = 0; q < 4; q++) {
              const oy = 2 * y + (q >> 1);
              const ox = 2 * x + (q & 1);
              out[(c * 2 * height + oy) * 2 * width + ox] = sum / 9;
            }
          }
      return out;
    },
  };
}

function gradient(width: number, height: number, alpha: (x: number) => number): RawImage {
  const rgba = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      rgba.set([(x * 7) % 256, (y * 5) % 256, (x * y) % 256, alpha(x)], i);
    }
  return { rgba, width, height, opaque: alpha(0) === 255 && alpha(width - 1) === 255 };
}

describe("the ESRGAN upscaler", () => {
  it("doubles width and height, opaque and with alpha", async () => {
    const opaque = await pixels(
      await esrganUpscaler(
        gradient(37, 23, () => 255),
        never,
      ),
    );
    expect(opaque).toMatchObject({ width: 74, height: 46, channels: 3 });

    // Left half transparent, right half opaque: alpha is scaled, not lost or made opaque.
    const cut = await pixels(
      await esrganUpscaler(
        gradient(40, 20, (x) => (x < 20 ? 0 : 255)),
        never,
      ),
    );
    expect(cut).toMatchObject({ width: 80, height: 40, channels: 4 });
    const alphaAt = (x: number, y: number) => cut.data[(y * 80 + x) * 4 + 3];
    expect(alphaAt(5, 20)).toBe(0);
    expect(alphaAt(75, 20)).toBe(255);
  });

  it("keeps the colour of a transparent image's edges, not the hidden pixels' black", async () => {
    // A soft red disc on fully transparent black, as many PNG exporters store it.
    const size = 48;
    const rgba = Buffer.alloc(size * size * 4);
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) {
        const r = Math.hypot(x - 23.5, y - 23.5);
        const alpha = Math.round(255 * Math.min(1, Math.max(0, (16 - r) / 3)));
        if (alpha > 0) rgba.set([230, 40, 30, alpha], (y * size + x) * 4);
      }
    const out = await pixels(
      await esrganUpscaler({ rgba, width: size, height: size, opaque: false }, never),
    );
    let edges = 0;
    for (let i = 0; i < out.data.length; i += 4) {
      const alpha = out.data[i + 3] ?? 0;
      if (alpha < 64 || alpha > 192) continue;
      edges += 1;
      expect(out.data[i] ?? 0).toBeGreaterThan(200);
    }
    expect(edges).toBeGreaterThan(100);
  });

  it.each([
    ["astronaut.png", 30],
    ["coffee.png", 28.5],
  ])(
    "restores %s better than Lanczos after a 2x downscale",
    async (name, floor) => {
      const { original, small } = await downscaled(name);
      const model = await pixels(await esrganUpscaler(small, never));
      const lanczos = await pixels((await lanczosUpscaler(small, never)).removeAlpha());
      expect(model).toMatchObject({ width: original.width, height: original.height, channels: 3 });
      const gain = psnr(model.data, original.data) - psnr(lanczos.data, original.data);
      // Measured: astronaut 30.3 vs 27.5 dB, coffee 29.1 vs 27.1 dB.
      expect(gain).toBeGreaterThan(1.5);
      expect(psnr(model.data, original.data)).toBeGreaterThan(floor);
    },
    30_000,
  );

  it("tiles without seams: small tiles give the whole-image result", async () => {
    const image = await decodeImage(
      await sharp(`${photos}astronaut.png`)
        .extract({ left: 180, top: 140, width: 100, height: 84 })
        .png()
        .toBuffer(),
    );
    const tile = 32;
    const tiled = await pixels(await createEsrganUpscaler(undefined, tile)(image, never));
    const whole = await pixels(await createEsrganUpscaler(undefined, 4096)(image, never));
    expect(tiled.width).toBe(200);

    // Tile edges in the output, as the tiler splits 100 and 84 into spans of at most 32.
    const edges = (length: number) => {
      const count = Math.ceil(length / tile);
      return Array.from(
        { length: count - 1 },
        (_, i) => 2 * Math.round(((i + 1) * length) / count),
      );
    };
    const [columns, rows] = [edges(100), edges(84)];
    expect([columns.length, rows.length]).toEqual([3, 2]);

    let worst = 0;
    let borderWorst = 0;
    for (let y = 0; y < tiled.height; y++)
      for (let x = 0; x < tiled.width; x++) {
        const nearEdge =
          columns.some((edge) => Math.abs(x - edge) <= 1) ||
          rows.some((edge) => Math.abs(y - edge) <= 1);
        for (let c = 0; c < 3; c++) {
          const i = (y * tiled.width + x) * 3 + c;
          const diff = Math.abs((tiled.data[i] ?? 0) - (whole.data[i] ?? 0));
          worst = Math.max(worst, diff);
          if (nearEdge) borderWorst = Math.max(borderWorst, diff);
        }
      }
    // Only float rounding may differ: at most one level, and never a line along the edges.
    expect(worst).toBeLessThanOrEqual(1);
    expect(borderWorst).toBeLessThanOrEqual(1);
  }, 30_000);

  it("reports the share of tiles done, rising to 1", async () => {
    const fractions: number[] = [];
    const upscale = createEsrganUpscaler(blurModel(), 16);
    await upscale(
      gradient(40, 30, () => 255),
      never,
      { onProgress: (f) => fractions.push(f) },
    );
    // 40x30 in tiles of at most 16: 3 columns, 2 rows.
    expect(fractions).toEqual([1, 2, 3, 4, 5, 6].map((n) => n / 6));
  });

  it("stops between tiles once the job is aborted", async () => {
    const calls = { count: 0 };
    const controller = new AbortController();
    const upscale = createEsrganUpscaler(blurModel(calls), 16);
    const run = upscale(
      gradient(64, 64, () => 255),
      controller.signal,
      {
        onProgress: (f) => {
          if (f >= 2 / 16) controller.abort();
        },
      },
    );
    await expect(run).rejects.toBeInstanceOf(EngineError);
    await expect(run).rejects.toMatchObject({ failure: "timeout" });
    expect(calls.count).toBe(2);
  });

  it("gives the stand-in's tiled result the same as its whole-image one", async () => {
    const image = gradient(50, 35, () => 255);
    const tiled = await pixels(await createEsrganUpscaler(blurModel(), 12)(image, never));
    const whole = await pixels(await createEsrganUpscaler(blurModel(), 100)(image, never));
    expect(tiled.data.equals(whole.data)).toBe(true);
  });
});

describe("the local engine's upscale", () => {
  it("passes the upscaler's progress to the job", async () => {
    const cutout: LocalEngineOptions["cutout"] = {
      predict: () => Promise.reject(new Error("not used")),
      refine: () => {
        throw new Error("not used");
      },
    };
    const engine = createLocalEngine({ cutout, upscaler: createEsrganUpscaler(blurModel(), 16) });
    const fractions: number[] = [];
    const ctx: JobContext = {
      signal: never,
      reportStage: () => undefined,
      reportProgress: (f) => fractions.push(f),
    };
    const bytes = await sharp({
      create: { width: 30, height: 20, channels: 3, background: "#808080" },
    })
      .png()
      .toBuffer();
    const result = await engine.upscale(
      {
        image: { bytes, contentType: "image/png", width: 30, height: 20 },
        options: { upscale_factor: 2, creativity: 0, resemblance: 0 },
      },
      ctx,
    );
    expect([result.width, result.height]).toEqual([60, 40]);
    // 30x20 in tiles of at most 16: 2 columns, 2 rows.
    expect(fractions).toEqual([0.25, 0.5, 0.75, 1]);
  });
});
