import {
  DOWNLOAD_FORMAT_TYPE,
  type DownloadFormat,
  GENERATION_MESSAGES as M,
  type TImageRecord,
} from "@backdrop/shared";
import type { GenerationsRepository } from "../../../repositories/generations.repository.ts";
import type {
  ImageRecordView,
  StoredFile,
} from "../../../repositories/image-records.repository.ts";
import type { FileStorage } from "../../../storage/file-storage.ts";
import { type DownloadConversions, downloadNameOf, needsConversion } from "./download-files.ts";
import { extensionOf, type FileUrls } from "./file-urls.ts";
import { GenerationError, type SignedInUser } from "./generation-access.ts";
import { JOB_INPUTS } from "./job-inputs.ts";
import { settingsOf } from "./record-settings.ts";
import { fidelityOf, resultRefOf, shownRefOf } from "./result-refs.ts";
import type { CopySize, SizedCopies } from "./sized-copies.ts";

/** At most this many records in one gallery answer. */
export const GALLERY_LIMIT = 500;

/** What the user asked of each AI edit, by the edit's file id. */
type Instructions = ReadonlyMap<string, string>;

/** A record as the API shows it (SPEC point 7). */
function toApi(urls: FileUrls, view: ImageRecordView, instructions: Instructions): TImageRecord {
  const result = (file: StoredFile | null) => (file ? resultRefOf(urls, file) : null);
  return {
    _id: view.id,
    originalImage: shownRefOf(urls, view.original),
    processedImage: result(view.processed),
    upscaledImage: result(view.upscaled),
    aiGeneratedImages: view.edits.map((file) => ({
      ...resultRefOf(urls, file),
      instruction: instructions.get(file.id) ?? null,
    })),
    cutoutImage: view.cutout ? { url: urls.urlOf(view.cutout) } : null,
    variations: view.takes.map(({ file, seed }) => ({ ...resultRefOf(urls, file), seed })),
    fidelity: fidelityOf(urls, view.processed),
    status: view.status,
    stage: view.stage,
    progress: view.progress,
    error: view.error,
    prompt: view.prompt,
    sourceName: view.sourceName ?? null,
    width: view.original.width,
    height: view.original.height,
    createdAt: new Date(view.createdAt).toISOString(),
    updatedAt: new Date(view.updatedAt).toISOString(),
  };
}

export type RecordReads = ReturnType<typeof createRecordReads>;

/**
 * What users read of their own records: each as the API shows it, its files, their thumbnails
 * and display copies.
 */
export function createRecordReads(deps: {
  repository: GenerationsRepository;
  storage: FileStorage;
  urls: FileUrls;
  copies: SizedCopies;
  conversions: DownloadConversions;
}) {
  const { repository, storage, urls, copies, conversions } = deps;

  /** The edits' instructions, read from the edit jobs that made them. */
  async function instructionsOf(views: readonly ImageRecordView[]): Promise<Instructions> {
    const inputs = await repository.jobs.editInputsOf(
      views.flatMap((view) => view.edits.map((file) => file.id)),
    );
    const instructions = new Map<string, string>();
    for (const [fileId, input] of inputs) {
      const edit = JOB_INPUTS.edit.safeParse(input);
      if (edit.success) instructions.set(fileId, edit.data.prompt);
    }
    return instructions;
  }

  async function ownRecord(user: SignedInUser, recordId: string) {
    const record = await repository.records.findRecord(recordId);
    if (!record || record.userId !== user.id) throw new GenerationError(404, M.recordNotFound);
    return record;
  }

  /** The user's file of that id, when `extension` is its own (the URL names both). */
  async function ownFile(user: SignedInUser, fileId: string, extension: string) {
    const file = await repository.records.findFile(fileId);
    if (!file || file.userId !== user.id) return null;
    return extensionOf(file.contentType) === extension ? file : null;
  }

  return {
    /** The user's record of that id; refused as not found when it is someone else's. */
    ownRecord,

    async record(
      user: SignedInUser,
      recordId: string,
      options: { settings?: boolean } = {},
    ): Promise<TImageRecord> {
      const view = await repository.records.viewRecord(recordId, user.id);
      if (!view) throw new GenerationError(404, M.recordNotFound);
      const record = toApi(urls, view, await instructionsOf([view]));
      // Asked for by "Open in studio" only: the poll and the event stream stay one query a read.
      if (!options.settings) return record;
      return { ...record, settings: settingsOf(await repository.jobs.latestGeneration(recordId)) };
    },

    async records(user: SignedInUser): Promise<TImageRecord[]> {
      const views = await repository.records.viewRecordsOf(user.id, GALLERY_LIMIT);
      const instructions = await instructionsOf(views);
      return views.map((view) => toApi(urls, view, instructions));
    },

    /** A stored file, opened to be read as it is sent, for its owner only. */
    async file(user: SignedInUser, fileId: string, extension: string) {
      const file = await ownFile(user, fileId, extension);
      const opened = file ? await storage.open(file.storageKey) : null;
      return file && opened ? { file, opened } : null;
    },

    /**
     * A stored file as a download in `format`, for its owner only: converted when stored in
     * another, named after its record (downloadNameOf). Read whole, as a conversion needs.
     */
    async download(user: SignedInUser, fileId: string, extension: string, format: DownloadFormat) {
      const file = await ownFile(user, fileId, extension);
      if (!file) return null;
      const view = await repository.records.viewRecord(file.recordId, user.id);
      const stored = view ? await storage.get(file.storageKey) : null;
      if (!view || !stored) return null;
      const bytes = needsConversion(file.contentType, format)
        ? await conversions.convert(stored, format)
        : stored;
      return {
        bytes,
        contentType: DOWNLOAD_FORMAT_TYPE[format],
        fileName: downloadNameOf(view, file, format),
      };
    },

    /**
     * A stored file's gallery thumbnail or display copy (WebP), kept from when it was made (with
     * a result, or on first request), for its owner only.
     */
    async sizedCopy(user: SignedInUser, fileId: string, extension: string, size: CopySize) {
      const file = await ownFile(user, fileId, extension);
      const bytes = file ? await copies.of(size, file) : null;
      return file && bytes ? { file, bytes } : null;
    },
  };
}
