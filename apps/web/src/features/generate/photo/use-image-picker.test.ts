import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { IMAGE_MESSAGES } from "./image-checks.ts";
import { useImagePicker } from "./use-image-picker.ts";

const photo = () => new File(["x"], "bottle.png", { type: "image/png" });

describe("useImagePicker", () => {
  it("keeps a photo within 2048 x 2048", async () => {
    const { result } = renderHook(() =>
      useImagePicker(async () => ({ width: 2048, height: 1152 })),
    );
    await act(() => result.current.pick(photo()));
    expect(result.current.error).toBeNull();
    expect(result.current.image).toMatchObject({ width: 2048, height: 1152 });
    expect(result.current.image?.file.name).toBe("bottle.png");
  });

  it("rejects a photo larger than 2048 pixels on a side", async () => {
    const { result } = renderHook(() => useImagePicker(async () => ({ width: 2049, height: 800 })));
    await act(() => result.current.pick(photo()));
    expect(result.current.error).toBe(IMAGE_MESSAGES.tooLarge);
    expect(result.current.image).toBeNull();
  });

  it("reports a photo the browser cannot display", async () => {
    const { result } = renderHook(() => useImagePicker(() => Promise.reject(new Error("corrupt"))));
    await act(() => result.current.pick(photo()));
    expect(result.current.error).toBe(IMAGE_MESSAGES.previewFailed);
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
