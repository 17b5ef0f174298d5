import type { DownloadNameParts, TImageRecord } from "@backdrop/shared";
import { CUTOUT_SUFFIX } from "../../lib/download-result.ts";
import { appPath, thumbnailUrl } from "../../lib/image-urls.ts";

export type GalleryTabId = "generated" | "processed" | "upscaled";

export type GalleryTab = {
  id: GalleryTabId;
  /** The tab's label, as SPEC point 2 names it. */
  label: string;
  /** What one image of the tab is, for the viewer and the tiles' names. */
  noun: string;
};

export const GALLERY_TABS: readonly GalleryTab[] = [
  { id: "generated", label: "Generated", noun: "Generated image" },
  { id: "processed", label: "Processed (AI)", noun: "AI edit" },
  { id: "upscaled", label: "Upscaled", noun: "Upscaled image" },
];

export function isGalleryTab(value: string | null): value is GalleryTabId {
  return GALLERY_TABS.some((tab) => tab.id === value);
}

export type GalleryImage = {
  /** Unique within a tab: the file's URL. */
  key: string;
  tab: GalleryTabId;
  /** The full file, for the viewer and downloads. */
  url: string;
  /** The gallery's small WebP of it (`?size=thumb`). */
  thumbUrl: string;
  recordId: string;
  /** The background prompt of the record. */
  prompt: string | null;
  /** The photo's own file name as uploaded, to name downloads after; null when not known. */
  sourceName: string | null;
  /** For generated images: which take of several it is, from 1; null when it was the only one. */
  take: number | null;
  createdAt: string;
  /** For AI edits: which edit of the record, from 1. */
  editNumber: number | null;
  /** For AI edits: what the user asked for ("make it black and white"), when known. */
  instruction: string | null;
  /**
   * For generated images: the record's subject alone on a transparent background (a PNG at
   * the uploaded photo's size), when the server could cut it out.
   */
  cutoutUrl: string | null;
};

function takeOf(record: TImageRecord, url: string): number | null {
  if (record.variations.length < 2) return null;
  const index = record.variations.findIndex((take) => take.url === url);
  return index >= 0 ? index + 1 : null;
}

function image(
  tab: GalleryTabId,
  record: TImageRecord,
  url: string,
  editNumber: number | null = null,
  instruction: string | null = null,
): GalleryImage {
  const path = appPath(url);
  return {
    key: path,
    tab,
    url: path,
    thumbUrl: thumbnailUrl(path),
    recordId: record._id,
    prompt: record.prompt?.trim() || null,
    sourceName: record.sourceName,
    take: tab === "generated" ? takeOf(record, url) : null,
    createdAt: record.createdAt,
    editNumber,
    instruction: instruction?.trim() || null,
    cutoutUrl: tab === "generated" && record.cutoutImage ? appPath(record.cutoutImage.url) : null,
  };
}

/**
 * Each tab's images, newest first: Generated holds each record's processed image, Processed
 * (AI) every AI edit, Upscaled each upscaled image. Records come newest first.
 */
export function galleryImages(
  records: readonly TImageRecord[],
): Record<GalleryTabId, GalleryImage[]> {
  const tabs: Record<GalleryTabId, GalleryImage[]> = { generated: [], processed: [], upscaled: [] };
  for (const record of records) {
    if (record.processedImage)
      tabs.generated.push(image("generated", record, record.processedImage.url));
    tabs.processed.push(
      ...record.aiGeneratedImages
        .map((edit, index) => image("processed", record, edit.url, index + 1, edit.instruction))
        .reverse(),
    );
    if (record.upscaledImage)
      tabs.upscaled.push(image("upscaled", record, record.upscaledImage.url));
  }
  return tabs;
}

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });

/** "5 Jan 2026, 14:03" in the visitor's time zone. */
export function formatImageDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

const NAME_SUFFIX: Record<GalleryTabId, (image: GalleryImage) => string | null> = {
  generated: () => null,
  processed: (item) => `edit-${item.editNumber ?? 1}`,
  upscaled: () => "upscaled-2x",
};

type NameParts = Omit<DownloadNameParts, "extension">;

/** What the image's download is named after (downloadNameStem): photo, scene, take, what was done. */
export function downloadNameOf(item: GalleryImage): NameParts {
  return {
    photoName: item.sourceName,
    prompt: item.prompt,
    take: item.take,
    suffix: NAME_SUFFIX[item.tab](item),
  };
}

/** The name of the record's cut-out: the photo's name and the scene, then "transparent". */
export function cutoutDownloadNameOf(item: GalleryImage): NameParts {
  return { photoName: item.sourceName, prompt: item.prompt, suffix: CUTOUT_SUFFIX };
}

/** "the photo you uploaded, its generated image, 2 AI edits and its upscaled image". */
export function recordContents(record: TImageRecord | undefined): string {
  const parts = ["the photo you uploaded"];
  if (record?.processedImage) parts.push("its generated image");
  const edits = record?.aiGeneratedImages.length ?? 0;
  if (edits > 0) parts.push(edits === 1 ? "its AI edit" : `${edits} AI edits`);
  if (record?.upscaledImage) parts.push("its upscaled image");
  const last = parts.pop() ?? "";
  return parts.length > 0 ? `${parts.join(", ")} and ${last}` : last;
}

/** The studio's address showing this image as its result, to upscale, edit or download again. */
export function studioPathOf(image: Pick<GalleryImage, "recordId" | "url">): string {
  const params = new URLSearchParams({ record: image.recordId });
  const fileId = /\/api\/files\/([^/?.]+)\./.exec(image.url)?.[1];
  if (fileId) params.set("image", fileId);
  return `/?${params}`;
}
