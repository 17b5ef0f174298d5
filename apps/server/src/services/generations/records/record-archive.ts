import { GALLERY_MESSAGES, GENERATION_MESSAGES as M } from "@backdrop/shared";
import type { Logger } from "../../../lib/logger.ts";
import type { GenerationsRepository } from "../../../repositories/generations.repository.ts";
import type {
  ImageRecordView,
  StoredFile,
} from "../../../repositories/image-records.repository.ts";
import type { FileStorage } from "../../../storage/file-storage.ts";
import { zipSource } from "../../../storage/zip-source.ts";
import { extensionOf } from "./file-urls.ts";
import { GenerationError } from "./generation-access.ts";

/** A file name a person can read: the prompt's words, lower case, joined by hyphens. */
export function promptSlug(prompt: string | null): string {
  const slug = (prompt ?? "")
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug || "image";
}

type Entry = { name: string; file: StoredFile };

/** Each record's chosen result, named by its place in the list and its prompt. */
function entriesOf(views: ImageRecordView[]): Entry[] {
  const width = String(views.length).length;
  return views.flatMap((view, index) => {
    const file = view.processed;
    if (!file) return [];
    const number = String(index + 1).padStart(Math.max(2, width), "0");
    return [
      { name: `${number}-${promptSlug(view.prompt)}.${extensionOf(file.contentType)}`, file },
    ];
  });
}

/**
 * "Download all" (issue 14, point 6): the chosen results of the user's records as one ZIP,
 * streamed a piece at a time as the client reads (issue 26, point 3; storage/zip-source.ts).
 * PNGs and JPEGs are compressed already, so they are stored as they are. Records of anyone
 * else, or missing, refuse the whole request; records without a result yet are left out.
 */
export function createRecordArchive(deps: {
  repository: GenerationsRepository;
  storage: FileStorage;
  logger: Logger;
}) {
  const { repository, storage, logger } = deps;
  return {
    async archive(user: { id: string }, ids: string[]) {
      const unique = [...new Set(ids)];
      const views = await Promise.all(unique.map((id) => repository.records.viewRecord(id)));
      const owned = views.filter((view): view is ImageRecordView => view?.userId === user.id);
      if (owned.length !== unique.length) throw new GenerationError(404, M.recordNotFound);
      const entries = entriesOf(owned);
      if (entries.length === 0) throw new GenerationError(400, GALLERY_MESSAGES.archiveEmpty);
      const members = entries.map(({ name, file }) => ({
        name,
        mtime: file.createdAt,
        storageKey: file.storageKey,
        fileId: file.id,
      }));
      return { source: zipSource({ storage, logger }, members), count: entries.length };
    },
  };
}
