import { GENERATION_MESSAGES as M } from "@backdrop/shared";
import { describe, expect, it } from "vitest";
import type { SubjectCutout } from "../image-engine.ts";
import { cutoutToPng } from "./cutout/index.ts";
import { previewScene } from "./scene-preview.ts";

/** The scene preview's note about the seller's photo (issue 29 point 4). */

/** An upload's cut-out whose subject is the box given, in a 200×150 photo. */
async function uploadCutout(box: { left: number; top: number; right: number; bottom: number }) {
  const [width, height] = [200, 150];
  const rgba = Buffer.alloc(width * height * 4);
  const mask = Buffer.alloc(width * height);
  for (let y = box.top; y < box.bottom; y++) {
    for (let x = box.left; x < box.right; x++) {
      mask[y * width + x] = 255;
      rgba.set([180, 60, 40, 255], (y * width + x) * 4);
    }
  }
  const bytes = await cutoutToPng({ rgba, mask, width, height });
  return { bytes, contentType: "image/png", width, height } satisfies SubjectCutout;
}

const ASPECT = { width: 200, height: 150 };

describe("the scene preview's note about the photo", () => {
  it("says only a little of the scene will show when the subject fills the frame", async () => {
    // A close-up running off the bottom and both sides.
    const closeUp = await uploadCutout({ left: 0, top: 40, right: 200, bottom: 150 });
    expect((await previewScene("on a beach", ASPECT, closeUp)).note).toBe(M.subjectFillsFrame);
    // Whole, but covering most of the photo.
    const large = await uploadCutout({ left: 10, top: 8, right: 190, bottom: 142 });
    expect((await previewScene("on a beach", ASPECT, large)).note).toBe(M.subjectFillsFrame);
  });

  it("says nothing for a subject with room around it, or with no photo", async () => {
    const small = await uploadCutout({ left: 60, top: 30, right: 140, bottom: 130 });
    expect(await previewScene("on a beach", ASPECT, small)).not.toHaveProperty("note");
    // Cut by the bottom edge only (a product standing on the photo's edge): the scene shows.
    const standing = await uploadCutout({ left: 70, top: 40, right: 130, bottom: 150 });
    expect(await previewScene("on a beach", ASPECT, standing)).not.toHaveProperty("note");
    expect(await previewScene("on a beach", ASPECT)).not.toHaveProperty("note");
  });
});
