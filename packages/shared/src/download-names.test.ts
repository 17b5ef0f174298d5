import { describe, expect, it } from "vitest";
import { DOWNLOAD_FORMATS, isDownloadFormat } from "./download-formats.ts";
import {
  distinctFileNames,
  downloadFileName,
  photoNameSlug,
  promptNameSlug,
  sceneNameSlug,
} from "./download-names.ts";

describe("promptNameSlug", () => {
  it("keeps whole words, lower case, without accents, joined by hyphens", () => {
    expect(promptNameSlug("Crème brûlée on a Marble counter!")).toBe(
      "creme-brulee-on-a-marble-counter",
    );
    expect(promptNameSlug("one two three", 8)).toBe("one-two");
  });

  it("cuts a first word longer than the limit, and names nothing without words", () => {
    expect(promptNameSlug("supercalifragilistic", 5)).toBe("super");
    expect(promptNameSlug("  !!  ")).toBe("");
  });
});

describe("photoNameSlug", () => {
  it("slugs the photo's own name without its extension, keeping product codes", () => {
    expect(photoNameSlug("Red Bottle SKU#1042.JPG")).toBe("red-bottle-sku-1042");
    expect(photoNameSlug("IMG_20240101_120000.heic")).toBe("img-20240101-120000");
  });

  it("leaves off folders, and only an extension that looks like one", () => {
    expect(photoNameSlug("C:\\Users\\ana\\shoot/lamp.v2.final.png")).toBe("lamp-v2-final");
    expect(photoNameSlug("no-extension")).toBe("no-extension");
    expect(photoNameSlug(".hidden")).toBe("hidden");
    expect(photoNameSlug("ends with a dot.")).toBe("ends-with-a-dot");
    expect(photoNameSlug("../../etc/passwd")).toBe("passwd");
  });

  it("drops Latin accents, keeps other scripts, and names nothing without a letter", () => {
    expect(photoNameSlug("Crème Brûlée Bowl.png")).toBe("creme-brulee-bowl");
    expect(photoNameSlug("Бутылка 7.jpg")).toBe("бутылка-7");
    expect(photoNameSlug("商品写真.png")).toBe("商品写真");
    expect(photoNameSlug("🍾 ✨.png")).toBe("");
    expect(photoNameSlug("bad\u0000name\u202e.png")).toBe("bad-name");
  });

  it("cuts a very long name at a word, keeping its product code at the end", () => {
    const long = `${"very long product title ".repeat(10)} SKU 99881.png`;
    const slug = photoNameSlug(long);
    expect(slug.length).toBeLessThanOrEqual(48);
    expect(slug).toMatch(/^very-long-product-title-.*-99881$/);
    expect(photoNameSlug("x".repeat(300)).length).toBe(48);
  });
});

describe("sceneNameSlug", () => {
  it("keeps up to four words that say something", () => {
    expect(sceneNameSlug("on a marble counter, morning light")).toBe(
      "marble-counter-morning-light",
    );
    expect(sceneNameSlug("On the beach at sunset with palm trees")).toBe("beach-sunset-palm-trees");
    expect(sceneNameSlug("on a")).toBe("on-a");
    expect(sceneNameSlug("")).toBe("");
  });
});

describe("downloadFileName", () => {
  it("names a take after the photo and the scene", () => {
    expect(
      downloadFileName({
        photoName: "Red Bottle SKU-1042.jpg",
        prompt: "on a marble counter",
        take: 2,
        extension: "png",
      }),
    ).toBe("red-bottle-sku-1042__marble-counter__take-2.png");
  });

  it("adds what was done, and stands in for an unknown photo name", () => {
    expect(
      downloadFileName({
        photoName: null,
        prompt: "studio shot",
        suffix: "upscaled 2x",
        extension: "webp",
      }),
    ).toBe("backdrop__studio-shot__upscaled-2x.webp");
    expect(downloadFileName({ photoName: "商品.png", prompt: null, extension: "jpg" })).toBe(
      "商品.jpg",
    );
  });
});

describe("distinctFileNames", () => {
  it("numbers a name met before, whatever its case, before its extension", () => {
    expect(distinctFileNames(["a.png", "A.png", "a.png", "a-2.png", "b", "b"])).toEqual([
      "a.png",
      "A-2.png",
      "a-3.png",
      "a-2-2.png",
      "b",
      "b-2",
    ]);
  });
});

describe("download formats", () => {
  it("knows only PNG, JPEG and WebP", () => {
    expect(DOWNLOAD_FORMATS.every(isDownloadFormat)).toBe(true);
    expect(isDownloadFormat("gif")).toBe(false);
    expect(isDownloadFormat("png ")).toBe(false);
    expect(isDownloadFormat(undefined)).toBe(false);
  });
});
