import { DOWNLOAD_MESSAGES } from "@backdrop/shared";
import { DownloadError, downloadImage as saveImage } from "./download-image.ts";
import { notifyError } from "./notify.ts";

/** For the transparent PNG's file name: the result's name, then this. */
export const CUTOUT_SUFFIX = "transparent";

/** "backdrop-on-a-marble-counter-2x": the prompt's words and what was done, no extension. */
export function downloadBaseName(prompt: string | null | undefined, suffix?: string): string {
  const words = (prompt ?? "")
    .toLowerCase()
    .normalize("NFKD")
    // accents come apart from their letters; drop them: "très" → "tres"
    .replace(/\p{M}+/gu, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48)
    .replace(/-+$/, "");
  return ["backdrop", words, suffix].filter(Boolean).join("-");
}

export type DownloadRequest = {
  url: string | null | undefined;
  prompt?: string | null;
  /** What was done to the image, for its file name: "2x", "edited". */
  suffix?: string;
};

/** Saves the shown image under a readable name; every failure ends in a toast. */
export async function downloadImage({ url, prompt, suffix }: DownloadRequest): Promise<boolean> {
  try {
    await saveImage(url, downloadBaseName(prompt, suffix));
    return true;
  } catch (error) {
    notifyError(error instanceof DownloadError ? error.message : DOWNLOAD_MESSAGES.failed);
    return false;
  }
}
