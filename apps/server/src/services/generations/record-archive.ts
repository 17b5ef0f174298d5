import { GALLERY_MESSAGES, GENERATION_MESSAGES as M } from "@backdrop/shared";
import { Zip, ZipPassThrough } from "fflate";
import { type ChunkSource, readableSource } from "../../lib/download-stream.ts";
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
 * streamed a piece at a time as the client reads (issue 26, point 3). PNGs and JPEGs are compressed already, so
 * they are stored as they are. Records of anyone else, or missing, refuse the whole request;
 * records without a result yet are left out.
 */
export function createRecordArchive(deps: {
  repository: GenerationsRepository;
  storage: FileStorage;
  logger: Logger;
}) {
  const { repository, storage, logger } = deps;

  /**
   * The ZIP as a source of pieces: each result is opened when its turn comes and read a piece
   * at a time, each piece passed through fflate as the client asks for the next, so a client
   * that stops reading holds one piece of one file, never a whole file.
   */
  function zipSource(entries: Entry[]): ChunkSource {
    const ready: Uint8Array[] = [];
    let finished = false;
    let failure: unknown = null;
    let closed = false;
    let next = 0;
    let current: { member: ZipPassThrough; read: ChunkSource } | null = null;
    const zip = new Zip((error, chunk, final) => {
      if (error) failure = error;
      else {
        ready.push(chunk);
        if (final) finished = true;
      }
    });

    /** Reads on until a piece of the ZIP is ready, or the ZIP ends. */
    async function advance(): Promise<void> {
      while (ready.length === 0 && !finished && !failure && !closed) {
        if (current) {
          const chunk = await current.read.next();
          if (closed || !current) return;
          if (chunk) current.member.push(chunk, false);
          else {
            current.member.push(new Uint8Array(0), true);
            current = null;
          }
          continue;
        }
        const entry = entries[next++];
        if (!entry) {
          zip.end();
          continue;
        }
        const opened = await storage.open(entry.file.storageKey);
        if (!opened) {
          logger.warn("A stored result is missing from a download", { fileId: entry.file.id });
          continue;
        }
        if (closed) {
          opened.stream.destroy();
          return;
        }
        const member = new ZipPassThrough(entry.name);
        member.mtime = entry.file.createdAt;
        zip.add(member);
        current = { member, read: readableSource(opened.stream) };
      }
    }

    return {
      async next() {
        await advance();
        if (failure) throw failure;
        return ready.shift() ?? null;
      },
      close() {
        if (closed) return;
        closed = true;
        current?.read.close();
        current = null;
        ready.length = 0;
        if (!finished) zip.terminate();
      },
    };
  }

  return {
    async archive(user: { id: string }, ids: string[]) {
      const unique = [...new Set(ids)];
      const views = await Promise.all(unique.map((id) => repository.records.viewRecord(id)));
      const owned = views.filter((view): view is ImageRecordView => view?.userId === user.id);
      if (owned.length !== unique.length) throw new GenerationError(404, M.recordNotFound);
      const entries = entriesOf(owned);
      if (entries.length === 0) throw new GenerationError(400, GALLERY_MESSAGES.archiveEmpty);
      return { source: zipSource(entries), count: entries.length };
    },
  };
}
