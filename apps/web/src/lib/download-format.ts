import { type DownloadFormat, isDownloadFormat } from "@backdrop/shared";
import { useSyncExternalStore } from "react";

/** Where the seller's choice is remembered, in this browser. */
export const DOWNLOAD_FORMAT_KEY = "backdrop.downloadFormat";

/** Lossless, and keeps transparency: what every download was before a choice was made. */
export const DEFAULT_DOWNLOAD_FORMAT: DownloadFormat = "png";

export const DOWNLOAD_FORMAT_LABELS: Readonly<Record<DownloadFormat, string>> = {
  png: "PNG",
  jpeg: "JPEG",
  webp: "WebP",
};

const listeners = new Set<() => void>();

/** The choice as this page last made it, for when storage refuses to keep it. */
let memory: DownloadFormat | null = null;

function stored(): DownloadFormat | null {
  try {
    const value = window.localStorage.getItem(DOWNLOAD_FORMAT_KEY);
    return isDownloadFormat(value) ? value : null;
  } catch {
    return null;
  }
}

/** The remembered format; PNG when none is. */
export function readDownloadFormat(): DownloadFormat {
  return stored() ?? memory ?? DEFAULT_DOWNLOAD_FORMAT;
}

export function rememberDownloadFormat(format: DownloadFormat): void {
  memory = format;
  try {
    window.localStorage.setItem(DOWNLOAD_FORMAT_KEY, format);
  } catch {
    // Storage refused (a private mode): this page keeps the choice in `memory`.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab's choice arrives as a storage event.
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

/** The format every download is made in, the same beside every Download button. */
export function useDownloadFormat(): [DownloadFormat, (format: DownloadFormat) => void] {
  const format = useSyncExternalStore(subscribe, readDownloadFormat, () => DEFAULT_DOWNLOAD_FORMAT);
  return [format, rememberDownloadFormat];
}

/** The format a download is made in: the chosen one, but a transparent image keeps its alpha. */
export function formatFor(chosen: DownloadFormat, transparent: boolean): DownloadFormat {
  return transparent && chosen === "jpeg" ? "png" : chosen;
}

/** A stored file of ours, wherever the app is served from. */
const OUR_FILE = /\/api\/files\/[0-9a-f-]{36}\.[a-z]+$/;

/**
 * The address that answers `url` as a download in `format`: a stored file of ours is converted
 * by the server (`?format=`), asked of the origin the app is on (as appPath does); any other
 * address (a blob, another site) is downloaded as it is.
 */
export function inFormat(url: string, format: DownloadFormat): string {
  let pathname: string;
  try {
    pathname = new URL(url, window.location.href).pathname;
  } catch {
    return url;
  }
  if (!OUR_FILE.test(pathname)) return url;
  return `${pathname}?${new URLSearchParams({ format })}`;
}
