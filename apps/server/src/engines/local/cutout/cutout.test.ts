import { describe, expect, it } from "vitest";
import { EngineError } from "../../image-engine.ts";
import type { RawImage } from "../common/index.ts";
import { ISNET_SIZE, type MaskPredictor } from "../models/index.ts";
import {
  alphaToBytes,
  createIsnetCutout,
  cutOut,
  maskUncertainty,
  subjectShare,
  toIsnetInput,
} from "./cutout.ts";

const PLANE = ISNET_SIZE * ISNET_SIZE;

function photo(width: number, height: number, alpha = 255): RawImage {
  const rgba = Buffer.alloc(width * height * 4, 200);
  for (let i = 3; i < rgba.length; i += 4) rgba[i] = alpha;
  return { rgba, width, height, opaque: alpha === 255 };
}

/** A stand-in network: the middle half of the square is the subject. */
const centreSquare: MaskPredictor = async () => {
  const alpha = new Float32Array(PLANE);
  for (let y = ISNET_SIZE / 4; y < (ISNET_SIZE * 3) / 4; y++) {
    alpha.fill(1, y * ISNET_SIZE + ISNET_SIZE / 4, y * ISNET_SIZE + (ISNET_SIZE * 3) / 4);
  }
  return alpha;
};

describe("toIsnetInput", () => {
  it("makes planar RGB normalised as (px - 128) / 256", () => {
    const rgb = new Uint8Array(PLANE * 3);
    rgb.set([0, 128, 255], 0);
    const input = toIsnetInput(rgb);
    expect(input.length).toBe(PLANE * 3);
    expect(input[0]).toBe(-0.5);
    expect(input[PLANE]).toBe(0);
    expect(input[2 * PLANE]).toBeCloseTo(0.496, 3);
  });

  it("refuses input of the wrong size", () => {
    expect(() => toIsnetInput(new Uint8Array(12))).toThrow();
  });
});

describe("mask measures", () => {
  it("clamps alpha into bytes and measures undecided and solid shares", () => {
    const bytes = alphaToBytes(Float32Array.from([-1, 0, 0.5, 1, 2]));
    expect([...bytes]).toEqual([0, 0, 128, 255, 255]);
    expect(maskUncertainty(bytes)).toBeCloseTo(0.2);
    expect(subjectShare(bytes)).toBeCloseTo(0.6);
  });
});

describe("createIsnetCutout", () => {
  it("scales the network's mask back to the photo's size", async () => {
    const cutout = await cutOut(createIsnetCutout(centreSquare), photo(200, 100));
    expect(cutout).toMatchObject({ width: 200, height: 100 });
    expect(cutout.mask[50 * 200 + 100]).toBe(255);
    expect(cutout.mask[5 * 200 + 5]).toBe(0);
    expect(cutout.rgba[(50 * 200 + 100) * 4 + 3]).toBe(255);
    expect(cutout.rgba[(5 * 200 + 5) * 4 + 3]).toBe(0);
  });

  it("takes a photo that already has transparency as its own cut-out", async () => {
    let runs = 0;
    const counting: MaskPredictor = async (input) => {
      runs++;
      return centreSquare(input);
    };
    const cutout = await cutOut(createIsnetCutout(counting), photo(40, 30, 180));
    expect(runs).toBe(0);
    expect(cutout.mask[0]).toBe(180);
  });

  it("retries an undecided mask on a padded photo and keeps the clearer one", async () => {
    const calls: number[] = [];
    const predictor: MaskPredictor = async (input) => {
      calls.push(input[0] ?? 0);
      // The first pass is a translucent wash; the padded one finds the subject.
      return calls.length === 1 ? new Float32Array(PLANE).fill(0.5) : centreSquare(input);
    };
    const cutout = await cutOut(createIsnetCutout(predictor), photo(100, 100));
    expect(calls.length).toBe(2);
    // The padded pass sees the grey border in its corner.
    expect(calls[1]).toBeCloseTo(0, 1);
    expect(maskUncertainty(cutout.mask)).toBeLessThan(0.2);
  });

  it("rejects a photo in which nothing stands out", async () => {
    const empty: MaskPredictor = async () => new Float32Array(PLANE);
    const failure = await cutOut(createIsnetCutout(empty), photo(64, 64)).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(EngineError);
    expect((failure as EngineError).failure).toBe("no-subject");
  });

  it("stops between passes once the job is aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const failure = await cutOut(
      createIsnetCutout(centreSquare),
      photo(64, 64),
      controller.signal,
    ).catch((error: unknown) => error);
    expect((failure as EngineError).failure).toBe("timeout");
  });
});
