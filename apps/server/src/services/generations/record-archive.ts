import { GALLERY_MESSAGES, GENERATION_MESSAGES as M } from "@backdrop/shared";
import { Zip, ZipPassThrough } from "fflate";
import type { Logger } from "../../lib/logger.ts";
import type { GenerationsRepository } from "../../repositories/generations.repository.ts";
import type { ImageRecordView, StoredFile } from "../../repositories/image-records.repository.ts";
import type { FileStorage } from "../../storage/file-storage.ts";
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
 * streamed a file at a time as the client reads. PNGs and JPEGs are compressed already, so
 * they are stored as they are. Records of anyone else, or missing, refuse the whole request;
 * records without a result yet are left out.
 */
export function createRecordArchive(deps: {
  repository: GenerationsRepository;
  storage: FileStorage;
  logger: Logger;
}) {
  const { repository, storage, logger } = deps;

  function zipStream(entries: Entry[]): ReadableStream<Uint8Array> {
    let zip: Zip;
    let next = 0;
    return new ReadableStream<Uint8Array>({
      start(controller) {
        zip = new Zip((error, chunk, final) => {
          if (error) return controller.error(error);
          controller.enqueue(chunk);
          if (final) controller.close();
        });
      },
      async pull() {
        const entry = entries[next++];
        if (!entry) return zip.end();
        const bytes = await storage.get(entry.file.storageKey);
        if (!bytes) {
          logger.warn("A stored result is missing from a download", { fileId: entry.file.id });
          return;
        }
        const member = new ZipPassThrough(entry.name);
        member.mtime = entry.file.createdAt;
        zip.add(member);
        member.push(bytes, true);
      },
      cancel() {
        zip.terminate();
      },
    });
  }

  return {
    async archive(user: { id: string }, ids: string[]) {
      const unique = [...new Set(ids)];
      const views = await Promise.all(unique.map((id) => repository.records.viewRecord(id)));
      const owned = views.filter((view): view is ImageRecordView => view?.userId === user.id);
      if (owned.length !== unique.length) throw new GenerationError(404, M.recordNotFound);
      const entries = entriesOf(owned);
      if (entries.length === 0) throw new GenerationError(400, GALLERY_MESSAGES.archiveEmpty);
      return { stream: zipStream(entries), count: entries.length };
    },
  };
}
