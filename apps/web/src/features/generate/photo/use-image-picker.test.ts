import { smallPhotoWarning } from "@backdrop/shared";
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { pngFile } from "../../../test/fake-browser.ts";
import { IMAGE_MESSAGES, type ImageSize } from "./image-checks.ts";
import { useImagePicker } from "./use-image-picker.ts";

const photo = () => pngFile("bottle.png");
const sized = (size: ImageSize) => async () => size;

/** The first bytes of an iPhone photo: an ISO-BMFF `ftyp` box of brand heic. */
const heicFile = () =>
  new File(
    [new Uint8Array([0, 0, 0, 24]), "ftypheic", new Uint8Array(4), "mif1heic"],
    "IMG_0001.HEIC",
    { type: "" },
  );

describe("useImagePicker", () => {
  it("keeps a photo within 2048 x 2048", async () => {
    const { result } = renderHook(() => useImagePicker(sized({ width: 2048, height: 1152 })));
    await act(() => result.current.pick(photo()));
    expect(result.current.error).toBeNull();
    expect(result.current.image).toMatchObject({ width: 2048, height: 1152 });
    expect(result.current.image?.file.name).toBe("bottle.png");
  });

  it("refuses a photo larger than 2048 pixels on a side, and resizes it on request", async () => {
    const resized = pngFile("bottle.png");
    const resize = vi.fn(async () => resized);
    const sizes = [
      { width: 4032, height: 3024 },
      { width: 2048, height: 1536 },
    ];
    const { result } = renderHook(() =>
      useImagePicker(async () => sizes.shift() ?? { width: 1, height: 1 }, { resize }),
    );
    const original = photo();
    await act(() => result.current.pick(original));
    expect(result.current.error).toBe(IMAGE_MESSAGES.tooLarge);
    expect(result.current.resizable).toBe(true);
    expect(result.current.image).toBeNull();

    await act(async () => result.current.resizeToFit());
    await vi.waitFor(() => expect(result.current.image?.file).toBe(resized));
    expect(resize).toHaveBeenCalledWith(original);
    expect(result.current.image).toMatchObject({ width: 2048, height: 1536 });
    expect(result.current.error).toBeNull();
    expect(result.current.resizable).toBe(false);
  });

  it("refuses a photo of 10 MB or more with the spec's message, and offers to resize it", async () => {
    const heavy = photo();
    Object.defineProperty(heavy, "size", { value: 10 * 1024 * 1024 });
    const { result } = renderHook(() => useImagePicker(sized({ width: 2000, height: 2000 })));
    await act(() => result.current.pick(heavy));
    expect(result.current.error).toBe(IMAGE_MESSAGES.tooHeavy);
    expect(result.current.resizable).toBe(true);
  });

  it("calls an image whose bytes do not decode damaged", async () => {
    const { result } = renderHook(() => useImagePicker(() => Promise.reject(new Error("corrupt"))));
    await act(() => result.current.pick(photo()));
    expect(result.current.error).toBe(IMAGE_MESSAGES.damaged);
    expect(result.current.resizable).toBe(false);
  });

  it("calls a text file named .jpg not an image, without decoding it", async () => {
    const readSize = vi.fn(sized({ width: 800, height: 600 }));
    const { result } = renderHook(() => useImagePicker(readSize));
    await act(() =>
      result.current.pick(new File(["hello, world"], "photo.jpg", { type: "image/jpeg" })),
    );
    expect(result.current.error).toBe(IMAGE_MESSAGES.notImage);
    expect(readSize).not.toHaveBeenCalled();
  });

  it("names a format it cannot read", async () => {
    const { result } = renderHook(() => useImagePicker(sized({ width: 800, height: 600 })));
    const tiff = new File([new Uint8Array([0x49, 0x49, 0x2a, 0, 8, 0, 0, 0])], "scan.tif", {
      type: "image/tiff",
    });
    await act(() => result.current.pick(tiff));
    expect(result.current.error).toBe(
      "TIFF files can't be used here. Please save the photo as JPEG or PNG and try again.",
    );
  });

  it("converts an iPhone photo to JPEG before its checks, saying so meanwhile", async () => {
    let finish: (file: File) => void = () => {};
    const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], "IMG_0001.jpg", {
      type: "image/jpeg",
    });
    const convertHeic = vi.fn(() => new Promise<File>((resolve) => (finish = resolve)));
    const { result } = renderHook(() =>
      useImagePicker(sized({ width: 1512, height: 2016 }), { convertHeic }),
    );
    const picked = result.current.pick(heicFile());
    await vi.waitFor(() => expect(result.current.work).toBe("converting"));
    await act(async () => {
      finish(jpeg);
      await picked;
    });
    expect(result.current.work).toBeNull();
    expect(result.current.image?.file).toBe(jpeg);
    expect(result.current.image).toMatchObject({ width: 1512, height: 2016 });
  });

  it("calls an iPhone photo the decoder cannot read damaged", async () => {
    const convertHeic = vi.fn(() => Promise.reject(new Error("HEIF processing error")));
    const { result } = renderHook(() =>
      useImagePicker(sized({ width: 800, height: 600 }), { convertHeic }),
    );
    await act(() => result.current.pick(heicFile()));
    expect(result.current.error).toBe(IMAGE_MESSAGES.damaged);
  });

  it("holds a small photo until Continue, and drops it on Cancel", async () => {
    const { result } = renderHook(() => useImagePicker(sized({ width: 64, height: 43 })));
    await act(() => result.current.pick(photo()));
    expect(result.current.small).toMatchObject({ width: 64, height: 43 });
    expect(result.current.image).toBeNull();
    expect(result.current.error).toBeNull();

    act(() => result.current.dropSmall());
    expect(result.current.small).toBeNull();
    expect(result.current.image).toBeNull();

    await act(() => result.current.pick(photo()));
    act(() => result.current.keepSmall());
    expect(result.current.small).toBeNull();
    expect(result.current.image).toMatchObject({ width: 64, height: 43 });
  });

  it("drops a small photo's warning when another file is picked", async () => {
    const sizes = [
      { width: 64, height: 43 },
      { width: 800, height: 600 },
    ];
    const { result } = renderHook(() =>
      useImagePicker(async () => sizes.shift() ?? { width: 1, height: 1 }),
    );
    await act(() => result.current.pick(photo()));
    expect(result.current.small).not.toBeNull();
    await act(() => result.current.pick(photo()));
    expect(result.current.small).toBeNull();
    expect(result.current.image).toMatchObject({ width: 800, height: 600 });
  });

  it("takes a photo 400 px on its shorter side without a warning", async () => {
    const { result } = renderHook(() => useImagePicker(sized({ width: 600, height: 400 })));
    await act(() => result.current.pick(photo()));
    expect(result.current.small).toBeNull();
    expect(result.current.image).toMatchObject({ width: 600, height: 400 });
  });

  it("keeps the previous photo when a new one is rejected, and removes it on request", async () => {
    const revoke = vi.spyOn(URL, "revokeObjectURL");
    const sizes = [
      { width: 800, height: 600 },
      { width: 4000, height: 3000 },
    ];
    const { result } = renderHook(() =>
      useImagePicker(async () => sizes.shift() ?? { width: 1, height: 1 }),
    );
    await act(() => result.current.pick(photo()));
    const kept = result.current.image;
    await act(() => result.current.pick(photo()));
    expect(result.current.error).toBe(IMAGE_MESSAGES.tooLarge);
    expect(result.current.image).toBe(kept);

    act(() => result.current.remove());
    expect(result.current.image).toBeNull();
    expect(result.current.error).toBeNull();
    expect(revoke).toHaveBeenCalledWith(kept?.url);
  });

  it("explains a failed preview", () => {
    const { result } = renderHook(() => useImagePicker());
    act(() => result.current.previewFailed());
    expect(result.current.error).toBe(IMAGE_MESSAGES.previewFailed);
  });
});

describe("smallPhotoWarning", () => {
  it("gives the photo's size as the result's", () => {
    expect(smallPhotoWarning(64, 43)).toBe(
      "This photo is only 64 × 43 px, so your result will be just as small: 64 × 43 px. A photo at least 400 px on its shorter side gives a sharper result.",
    );
  });
});
