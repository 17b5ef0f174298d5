/** The formats a seller can download in; the stored file is converted when it is another. */
export const DOWNLOAD_FORMATS = ["png", "jpeg", "webp"] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

export const DOWNLOAD_FORMAT_EXTENSION: Readonly<Record<DownloadFormat, string>> = {
  png: "png",
  jpeg: "jpg",
  webp: "webp",
};

export const DOWNLOAD_FORMAT_TYPE: Readonly<Record<DownloadFormat, string>> = {
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
};

export function isDownloadFormat(value: unknown): value is DownloadFormat {
  return typeof value === "string" && (DOWNLOAD_FORMATS as readonly string[]).includes(value);
}
