import { downloadNameStem, type TImageRecord } from "@backdrop/shared";
import { describe, expect, it } from "vitest";
import {
  cutoutDownloadNameOf,
  downloadNameOf,
  type GalleryImage,
  galleryImages,
} from "./gallery-images.ts";

const base: GalleryImage = {
  key: "/api/files/a.png",
  tab: "generated",
  url: "/api/files/a.png",
  thumbUrl: "/api/files/a.png?size=thumb",
  recordId: "0f8d2c4e-record",
  prompt: "On a marble counter, morning light (soft!)",
  sourceName: "Red Bottle SKU-1042.jpg",
  take: null,
  createdAt: "2026-01-05T10:30:00.000Z",
  editNumber: null,
  instruction: null,
  cutoutUrl: null,
};

describe("gallery images", () => {
  it("skips records without results and lists a record's edits newest first", () => {
    const record = {
      _id: "r1",
      prompt: "  ",
      createdAt: "2026-01-05T10:30:00.000Z",
      processedImage: null,
      upscaledImage: null,
      aiGeneratedImages: [
        { url: "/api/files/e1.png", fidelity: null, instruction: "warmer light" },
        { url: "/api/files/e2.png", fidelity: null, instruction: null },
      ],
    } as unknown as TImageRecord;
    const tabs = galleryImages([record]);
    expect(tabs.generated).toEqual([]);
    expect(tabs.upscaled).toEqual([]);
    expect(
      tabs.processed.map((image) => [image.url, image.editNumber, image.prompt, image.instruction]),
    ).toEqual([
      ["/api/files/e2.png", 2, null, null],
      ["/api/files/e1.png", 1, null, "warmer light"],
    ]);
  });

  it("names downloads after the photo, the scene, the take and the kind", () => {
    const name = (item: GalleryImage) => downloadNameStem(downloadNameOf(item));
    expect(name(base)).toBe("red-bottle-sku-1042__marble-counter-morning-light");
    expect(name({ ...base, take: 2 })).toBe(
      "red-bottle-sku-1042__marble-counter-morning-light__take-2",
    );
    expect(name({ ...base, tab: "upscaled" })).toBe(
      "red-bottle-sku-1042__marble-counter-morning-light__upscaled-2x",
    );
    expect(name({ ...base, tab: "processed", editNumber: 3 })).toBe(
      "red-bottle-sku-1042__marble-counter-morning-light__edit-3",
    );
    expect(name({ ...base, sourceName: null, prompt: null })).toBe("backdrop");
    expect(downloadNameStem(cutoutDownloadNameOf(base))).toBe(
      "red-bottle-sku-1042__marble-counter-morning-light__transparent",
    );
  });

  it("numbers a generated image by its take when the record has several", () => {
    const takes = ["/api/files/t1.png", "/api/files/t2.png"].map((url, seed) => ({
      url,
      fidelity: null,
      seed,
    }));
    const record = {
      _id: "r2",
      prompt: "studio",
      sourceName: "mug.png",
      createdAt: "2026-01-05T10:30:00.000Z",
      processedImage: takes[1],
      upscaledImage: null,
      aiGeneratedImages: [],
      variations: takes,
    } as unknown as TImageRecord;
    expect(galleryImages([record]).generated.map((image) => image.take)).toEqual([2]);
    expect(galleryImages([{ ...record, variations: [] }]).generated[0]?.take).toBeNull();
  });
});
