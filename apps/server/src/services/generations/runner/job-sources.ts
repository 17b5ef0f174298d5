import type { KeptScene } from "../../../engines/image-engine.ts";
import type { Logger } from "../../../lib/logger.ts";
import type { GenerationsRepository } from "../../../repositories/generations.repository.ts";
import type { ImageJob } from "../../../repositories/image-jobs.repository.ts";
import type { FileStorage } from "../../../storage/file-storage.ts";
import type { KeptScenes } from "../records/kept-scenes.ts";
import type { JobSource } from "./kinds/job-kind.ts";

export type JobSources = ReturnType<typeof createJobSources>;

/** What a job works on: its source image, and the scene the engine kept with it. */
export function createJobSources(deps: {
  repository: GenerationsRepository;
  storage: FileStorage;
  keptScenes: KeptScenes;
  logger: Logger;
}) {
  const { repository, storage, keptScenes, logger } = deps;

  return {
    async load(job: ImageJob): Promise<JobSource> {
      const file = await repository.records.findFile(job.sourceFileId);
      const bytes = file ? await storage.get(file.storageKey) : null;
      if (!file || !bytes) throw new Error(`The source image of job ${job.id} is missing`);
      const image = {
        bytes,
        contentType: file.contentType,
        width: file.width,
        height: file.height,
      };
      return { file, image };
    },

    /** The scene the engine kept with the job's source image, if any; a lost one is no failure. */
    async keptOf(job: ImageJob): Promise<KeptScene | undefined> {
      try {
        const file = await repository.records.findFile(job.sourceFileId);
        return file ? await keptScenes.load(file) : undefined;
      } catch (error) {
        logger.warn("Kept scene not read", { jobId: job.id, error });
        return undefined;
      }
    },
  };
}
