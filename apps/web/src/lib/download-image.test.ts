import { DOWNLOAD_MESSAGES } from "@backdrop/shared";
import { describe, expect, it, vi } from "vitest";
import { downloadImage } from "./download-image.ts";

function bytes(type: string, status = 200) {
  return new Response(new Uint8Array([1, 2, 3]), { status, headers: { "Content-Type": type } });
}

function savedNames() {
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  return names;
}

describe("downloadImage", () => {
  it("fetches the image with the session and saves it with the extension of its type", async () => {
    const names = savedNames();
    const fetchMock = vi.fn().mockResolvedValue(bytes("image/jpeg"));
    vi.stubGlobal("fetch", fetchMock);

    expect(await downloadImage("/api/files/abc.jpg", "backdrop-x")).toBe("backdrop-x.jpg");
    expect(names).toEqual(["backdrop-x.jpg"]);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(
      `${window.location.origin}/api/files/abc.jpg`,
    );
    expect(fetchMock.mock.calls[0]?.[1]).toEqual({ credentials: "same-origin" });
  });

  it.each([
    [null, DOWNLOAD_MESSAGES.noImage],
    ["", DOWNLOAD_MESSAGES.noImage],
    ["javascript:alert(1)", DOWNLOAD_MESSAGES.invalidUrl],
    ["http://[bad", DOWNLOAD_MESSAGES.invalidUrl],
  ])("refuses %j without fetching", async (url, message) => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    await expect(downloadImage(url, "x")).rejects.toThrow(message);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ["/api/files/a.png", () => Promise.reject(new TypeError("offline")), DOWNLOAD_MESSAGES.network],
    [
      "https://elsewhere.example/a.png",
      () => Promise.reject(new TypeError("cors")),
      DOWNLOAD_MESSAGES.crossOrigin,
    ],
    [
      "/api/files/a.png",
      () => Promise.resolve(bytes("application/json", 404)),
      DOWNLOAD_MESSAGES.noImage,
    ],
    [
      "/api/files/a.png",
      () => Promise.resolve(bytes("application/json", 500)),
      DOWNLOAD_MESSAGES.failed,
    ],
    ["/api/files/a.png", () => Promise.resolve(bytes("text/html")), DOWNLOAD_MESSAGES.failed],
  ])("explains a failed download of %s", async (url, answer, message) => {
    const names = savedNames();
    vi.stubGlobal("fetch", vi.fn(answer));
    await expect(downloadImage(url, "x")).rejects.toThrow(message);
    expect(names).toEqual([]);
  });
});
