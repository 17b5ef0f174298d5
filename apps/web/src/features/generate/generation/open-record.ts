import type { TImageRecord } from "@backdrop/shared";
import {
  editedImage,
  generatedImage,
  type ShownImage,
  upscaledFrom,
} from "../result/shown-image.ts";
import type { GenerationResult } from "./use-generation.ts";

/**
 * The studio's address names a record to show (`/?record=<id>`), and optionally which of its
 * images (`&image=<file id>`): the gallery's "Open in studio".
 */
export const RECORD_PARAM = "record";
export const IMAGE_PARAM = "image";

/** The record opened, the result it shows, and which of its images the stage shows. */
export type OpenedRecord = { record: TImageRecord; result: GenerationResult; shown: ShownImage };

function fileIdOf(url: string): string | null {
  return /\/api\/files\/([^/?.]+)\./.exec(url)?.[1] ?? null;
}

/**
 * What the studio shows for a record: the image named by `imageId`, else its latest, that is
 * the upscaled image, else the newest AI edit, else the generated one. An upscaled image
 * reverts to the generated one. Null while the record has no generated image.
 */
export function openedRecord(record: TImageRecord, imageId: string | null): OpenedRecord | null {
  const processed = record.processedImage?.url;
  if (!processed) return null;
  const generated = generatedImage(processed);
  const edits = record.aiGeneratedImages.map((edit) => editedImage(edit.url));
  const upscaled = record.upscaledImage ? upscaledFrom(generated, record.upscaledImage.url) : null;
  const latest = upscaled ?? edits.at(-1) ?? generated;
  const named = imageId
    ? [generated, ...edits, ...(upscaled ? [upscaled] : [])].find(
        (image) => fileIdOf(image.url) === imageId,
      )
    : undefined;
  return {
    record,
    result: {
      recordId: record._id,
      originalUrl: record.originalImage.url,
      imageUrl: processed,
      prompt: record.prompt ?? "",
      width: record.width,
      height: record.height,
      cutoutUrl: record.cutoutImage?.url ?? null,
      variations: record.variations,
      sourceName: record.sourceName,
    },
    shown: named ?? latest,
  };
}
