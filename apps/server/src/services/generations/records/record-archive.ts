import {
  type DownloadFormat,
  distinctFileNames,
  GALLERY_MESSAGES,
  GENERATION_MESSAGES as M,
} from "@backdrop/shared";
import type { Logger } from "../../../lib/logger.ts";
import type { GenerationsRepository } from "../../../repositories/generations.repository.ts";
import type { ImageRecordView } from "../../../repositories/image-records.repository.ts";
import type { FileStorage } from "../../../storage/file-storage.ts";
import { type ZipMember, zipSource } from "../../../storage/zip-source.ts";
import { type DownloadConversions, downloadNameOf, needsConversion } from "./download-files.ts";
import { GenerationError } from "./generation-access.ts";

/**
 * "Download all" (issue 14, point 6): the chosen results of the user's records as one ZIP,
 * streamed a piece at a time as the client reads (issue 26, point 3; storage/zip-source.ts).
 * Each is named after its photo's own file name and its scene (downloadFileName), every name
 * distinct. In the stored format, PNGs and JPEGs are compressed already, so they are stored as
 * they are; in another `format`, each is converted when its turn comes. Records of anyone
 * else, or missing, refuse the whole request; records without a result yet are left out.
 */
export function createRecordArchive(deps: {
  repository: GenerationsRepository;
  storage: FileStorage;
  conversions: DownloadConversions;
  logger: Logger;
}) {
  const { repository, storage, conversions, logger } = deps;

  function membersOf(views: ImageRecordView[], format: DownloadFormat | undefined): ZipMember[] {
    const results = views.flatMap((view) =>
      view.processed ? [{ view, file: view.processed }] : [],
    );
    const names = distinctFileNames(
      results.map(({ view, file }) => downloadNameOf(view, file, format)),
    );
    return results.map(({ file }, index) => {
      const common = { name: names[index] ?? file.id, mtime: file.createdAt, fileId: file.id };
      if (!format || !needsConversion(file.contentType, format)) {
        return { ...common, storageKey: file.storageKey };
      }
      return {
        ...common,
        made: async () => {
          const bytes = await storage.get(file.storageKey);
          return bytes ? conversions.convert(bytes, format) : null;
        },
      };
    });
  }

  return {
    async archive(user: { id: string }, ids: string[], format?: DownloadFormat) {
      const unique = [...new Set(ids)];
      const views = await Promise.all(unique.map((id) => repository.records.viewRecord(id)));
      const owned = views.filter((view): view is ImageRecordView => view?.userId === user.id);
      if (owned.length !== unique.length) throw new GenerationError(404, M.recordNotFound);
      const members = membersOf(owned, format);
      if (members.length === 0) throw new GenerationError(400, GALLERY_MESSAGES.archiveEmpty);
      return { source: zipSource({ storage, logger }, members), count: members.length };
    },
  };
}
