import { GENERATION_MESSAGES as M, type TImageRecord } from "@backdrop/shared";
import type { GenerationsRepository } from "../../../repositories/generations.repository.ts";
import type {
  ImageRecordView,
  StoredFile,
} from "../../../repositories/image-records.repository.ts";
import type { FileStorage } from "../../../storage/file-storage.ts";
import { extensionOf, type FileUrls } from "./file-urls.ts";
import { GenerationError, type SignedInUser } from "./generation-access.ts";
import { fidelityOf, resultRefOf } from "./result-refs.ts";
import type { StoredKeys } from "./stored-keys.ts";
import { createThumbnails } from "./thumbnails.ts";

/** At most this many records in one gallery answer. */
export const GALLERY_LIMIT = 500;

/** A record as the API shows it (SPEC point 7). */
function toApi(urls: FileUrls, view: ImageRecordView): TImageRecord {
  const result = (file: StoredFile | null) => (file ? resultRefOf(urls, file) : null);
  return {
    _id: view.id,
    originalImage: { url: urls.urlOf(view.original) },
    processedImage: result(view.processed),
    upscaledImage: result(view.upscaled),
    aiGeneratedImages: view.edits.map((file) => resultRefOf(urls, file)),
    cutoutImage: view.cutout ? { url: urls.urlOf(view.cutout) } : null,
    variations: view.takes.map(({ file, seed }) => ({ ...resultRefOf(urls, file), seed })),
    fidelity: fidelityOf(urls, view.processed),
    status: view.status,
    stage: view.stage,
    progress: view.progress,
    error: view.error,
    prompt: view.prompt,
    width: view.original.width,
    height: view.original.height,
    createdAt: new Date(view.createdAt).toISOString(),
    updatedAt: new Date(view.updatedAt).toISOString(),
  };
}

export type RecordReads = ReturnType<typeof createRecordReads>;

/** What users read of their own records: each as the API shows it, its files, their thumbnails. */
export function createRecordReads(deps: {
  repository: GenerationsRepository;
  storage: FileStorage;
  urls: FileUrls;
  /** How stored bytes are removed so that none is forgotten (the jobs' `storedKeys`). */
  storedKeys: StoredKeys;
}) {
  const { repository, storage, urls, storedKeys } = deps;
  const thumbnails = createThumbnails({
    storage,
    storedKeys,
    stillStored: async (fileId) => (await repository.records.findFile(fileId)) !== undefined,
  });

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

    async record(user: SignedInUser, recordId: string): Promise<TImageRecord> {
      const view = await repository.records.viewRecord(recordId, user.id);
      if (!view) throw new GenerationError(404, M.recordNotFound);
      return toApi(urls, view);
    },

    async records(user: SignedInUser): Promise<TImageRecord[]> {
      const views = await repository.records.viewRecordsOf(user.id, GALLERY_LIMIT);
      return views.map((view) => toApi(urls, view));
    },

    /** A stored file, opened to be read as it is sent, for its owner only. */
    async file(user: SignedInUser, fileId: string, extension: string) {
      const file = await ownFile(user, fileId, extension);
      const opened = file ? await storage.open(file.storageKey) : null;
      return file && opened ? { file, opened } : null;
    },

    /** A stored file's gallery thumbnail (WebP), made on first request, for its owner only. */
    async thumbnail(user: SignedInUser, fileId: string, extension: string) {
      const file = await ownFile(user, fileId, extension);
      const bytes = file ? await thumbnails.of(file) : null;
      return file && bytes ? { file, bytes } : null;
    },
  };
}
