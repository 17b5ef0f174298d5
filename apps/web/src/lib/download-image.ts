import { DOWNLOAD_MESSAGES } from "@backdrop/shared";

/** A download that did not happen, carrying the message a person should see. */
export class DownloadError extends Error {
  override name = "DownloadError";
}

const EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/avif": "avif",
};

function extensionOf(blob: Blob, url: URL): string {
  return EXTENSIONS[blob.type] ?? /\.([a-z0-9]{3,4})$/i.exec(url.pathname)?.[1] ?? "png";
}

function parse(url: string): URL {
  try {
    const parsed = new URL(url, window.location.href);
    if (["http:", "https:", "blob:", "data:"].includes(parsed.protocol)) return parsed;
  } catch {
    // reported below
  }
  throw new DownloadError(DOWNLOAD_MESSAGES.invalidUrl);
}

/** Hands the bytes to the browser as a file download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = objectUrl;
  link.download = fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}

/**
 * Fetches an image and saves it as `<baseName>.<its extension>`, rather than opening it in a
 * tab as a plain link would. Rejects with a DownloadError worded for people (SPEC point 8).
 */
export async function downloadImage(
  url: string | null | undefined,
  baseName: string,
): Promise<string> {
  if (!url) throw new DownloadError(DOWNLOAD_MESSAGES.noImage);
  const parsed = parse(url);
  const sameOrigin = parsed.origin === window.location.origin;
  let response: Response;
  try {
    response = await fetch(parsed, { credentials: sameOrigin ? "same-origin" : "omit" });
  } catch {
    // fetch() only rejects when no answer could be read: offline, or refused by CORS.
    throw new DownloadError(
      sameOrigin || parsed.protocol === "blob:" || parsed.protocol === "data:"
        ? DOWNLOAD_MESSAGES.network
        : DOWNLOAD_MESSAGES.crossOrigin,
    );
  }
  if (response.status === 404) throw new DownloadError(DOWNLOAD_MESSAGES.noImage);
  if (!response.ok) throw new DownloadError(DOWNLOAD_MESSAGES.failed);
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch {
    throw new DownloadError(DOWNLOAD_MESSAGES.network);
  }
  if (blob.size === 0 || (blob.type !== "" && !blob.type.startsWith("image/"))) {
    throw new DownloadError(DOWNLOAD_MESSAGES.failed);
  }
  const fileName = `${baseName}.${extensionOf(blob, parsed)}`;
  saveBlob(blob, fileName);
  return fileName;
}
