import type {
  EngineImage,
  ImageEngine,
  JobContext,
  KeptScene,
} from "../../../../engines/image-engine.ts";
import type {
  ImageJob,
  ImageJobStatements,
} from "../../../../repositories/image-jobs.repository.ts";
import type { StoredFile } from "../../../../repositories/image-records.repository.ts";
import type { JobKind } from "../../../../repositories/schema.ts";
import type { UserProfile } from "../../../../repositories/user-profiles.repository.ts";
import type { KeptScenes } from "../../records/kept-scenes.ts";
import type { JobCutouts } from "../job-cutouts.ts";
import type { JobOutput } from "../job-results.ts";

/**
 * What a kind of job is, said once for each kind in its own file beside this one: the request
 * the API makes of it (what it records, costs and is refused for), and how the engine runs it.
 */

/** A job as the API asks for it, before the checks every job gets (job-acceptance.ts). */
export type JobRequest = {
  kind: JobKind;
  recordId: string;
  imageUrl: string;
  input: Record<string, unknown>;
  /** What one take costs; a job of several takes (variations) is charged once per take. */
  cost: (source: StoredFile) => number;
  takes?: number;
  shortOfTokens: string;
  /** Extra checks on the profile (the edit plan rule), after the subscription checks. */
  check?: (profile: UserProfile) => void;
  /** Why the engine cannot do this job for that source, if so: refused before any charge. */
  refusal?: (source: StoredFile) => Promise<string | undefined>;
};

/** What a kind's request reads besides the API's body. */
export type RequestTools = {
  engine: ImageEngine;
  jobs: Pick<ImageJobStatements, "latestCutout">;
  keptScenes: Pick<KeptScenes, "state">;
};

/** The job's source image: its file row, and its bytes as the engine takes them. */
export type JobSource = { file: StoredFile; image: EngineImage };

/** What a job made: its outputs (a generation's takes, with their seeds), and what to give back. */
export type JobRun = { outputs: { output: JobOutput; seed?: number }[]; refundKeys: string[] };

/** What a kind's engine call uses besides the job, its source and its context. */
export type RunTools = {
  engine: ImageEngine;
  cutouts: Pick<JobCutouts, "forJob">;
  /** The scene the engine kept with the job's source image, if any. */
  keptOfSource(job: ImageJob): Promise<KeptScene | undefined>;
};

/** How a kind's engine call runs one job. */
export type RunKind = (
  tools: RunTools,
  job: ImageJob,
  source: JobSource,
  ctx: JobContext,
) => Promise<JobRun>;

/** A job that made one output and gives nothing back. */
export const alone = (output: JobOutput): JobRun => ({ outputs: [{ output }], refundKeys: [] });
