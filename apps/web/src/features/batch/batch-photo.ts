import type { ImageSize } from "../generate/index.ts";

/** A photo in the batch: the file, its local preview and its pixel size. */
export type BatchPhoto = ImageSize & { id: string; file: File; previewUrl: string };

/** Where one photo of a started batch is. */
export type PhotoRun =
  /** Its turn to upload has not come yet. */
  | { status: "waiting" }
  | {
      status: "working";
      /** "sending" and "starting" before its job exists, then the job's own stage. */
      stage: string;
      /** How much of the stage is done, 0..1, when the server says. */
      progress: number | null;
      startedAt: number;
    }
  | { status: "done"; recordId: string; resultUrl: string }
  | { status: "failed"; message: string };

export type BatchTally = { total: number; done: number; failed: number; finished: boolean };

/** How far the started batch is: finished once every photo is done or failed. */
export function tallyRuns(photos: readonly BatchPhoto[], runs: Record<string, PhotoRun>) {
  let done = 0;
  let failed = 0;
  for (const photo of photos) {
    const status = runs[photo.id]?.status;
    if (status === "done") done += 1;
    if (status === "failed") failed += 1;
  }
  const total = photos.length;
  return { total, done, failed, finished: done + failed === total } satisfies BatchTally;
}

/** The records of the finished photos, in the batch's order (the ZIP lists its files so). */
export function doneRecordIds(photos: readonly BatchPhoto[], runs: Record<string, PhotoRun>) {
  return photos.flatMap((photo) => {
    const run = runs[photo.id];
    return run?.status === "done" ? [run.recordId] : [];
  });
}
