import { vi } from "vitest";

/** A mocked fetch's answer for an image file: a PNG's first bytes. */
export function pngAnswer() {
  return () =>
    new Response(new Uint8Array([137, 80, 78, 71]), {
      status: 200,
      headers: { "content-type": "image/png" },
    });
}

/**
 * Keeps the browser from saving files: the page's download links are noted instead of followed.
 * Returns the file name of the last one the page saved.
 */
export function catchDownloads() {
  let saved: HTMLAnchorElement | undefined;
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved = this;
  });
  return () => saved?.download;
}
