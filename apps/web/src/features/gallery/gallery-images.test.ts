import type { TImageRecord } from "@backdrop/shared";
import { describe, expect, it } from "vitest";
import { downloadName, type GalleryImage, galleryImages } from "./gallery-images.ts";

const base: GalleryImage = {
  key: "/api/files/a.png",
  tab: "generated",
  url: "/api/files/a.png",
  thumbUrl: "/api/files/a.png?size=thumb",
  recordId: "0f8d2c4e-record",
  prompt: "On a marble counter, morning light (soft!)",
  createdAt: "2026-01-05T10:30:00.000Z",
  editNumber: null,
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
        { url: "/api/files/e1.png", fidelity: null },
        { url: "/api/files/e2.png", fidelity: null },
      ],
    } as unknown as TImageRecord;
    const tabs = galleryImages([record]);
    expect(tabs.generated).toEqual([]);
    expect(tabs.upscaled).toEqual([]);
    expect(tabs.processed.map((image) => [image.url, image.editNumber, image.prompt])).toEqual([
      ["/api/files/e2.png", 2, null],
      ["/api/files/e1.png", 1, null],
    ]);
  });

  it("names downloads by date, prompt and kind", () => {
    expect(downloadName(base)).toBe("backdrop-2026-01-05-on-a-marble-counter-morning-light-soft");
    expect(downloadName({ ...base, tab: "upscaled" })).toBe(
      "backdrop-2026-01-05-on-a-marble-counter-morning-light-soft-upscaled-2x",
    );
    expect(downloadName({ ...base, tab: "processed", editNumber: 3 })).toBe(
      "backdrop-2026-01-05-on-a-marble-counter-morning-light-soft-ai-edit-3",
    );
    expect(downloadName({ ...base, prompt: null })).toBe("backdrop-2026-01-05-0f8d2c4e");
    expect(downloadName({ ...base, prompt: "Café crème à Paris" })).toBe(
      "backdrop-2026-01-05-cafe-creme-a-paris",
    );
    const long = downloadName({ ...base, prompt: "word ".repeat(40) });
    expect(long.length).toBeLessThanOrEqual("backdrop-2026-01-05-".length + 48);
  });
});
