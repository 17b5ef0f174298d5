import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { GenerationsRepository } from "../../../repositories/generations.repository.ts";
import type { ImageJob } from "../../../repositories/image-jobs.repository.ts";
import type { RecordChange } from "../../../repositories/image-records.repository.ts";
import { createJobReporter } from "./job-reports.ts";

const JOB = { id: "job-1", recordId: "rec-1", attempts: 1 } as ImageJob;

function setUp(options: { ours?: boolean } = {}) {
  const writes: RecordChange[] = [];
  const repository = {
    jobs: { setStage: vi.fn(async () => options.ours ?? true) },
    records: {
      updateRecord: vi.fn(async (_id: string, change: RecordChange) => {
        writes.push(change);
      }),
    },
  } as unknown as GenerationsRepository;
  const announce = vi.fn();
  const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const reporter = createJobReporter({
    job: JOB,
    repository,
    clock: { now: () => Date.now() },
    logger,
    announce,
    intervalMs: 250,
  });
  return { reporter, writes, announce };
}

describe("job reports", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("writes the first fraction at once and the latest one after the interval", async () => {
    const { reporter, writes, announce } = setUp();
    reporter.reportProgress(0.1);
    reporter.reportProgress(0.2);
    reporter.reportProgress(0.3);
    await reporter.settled();
    expect(writes).toEqual([{ progress: 0.1 }]);
    await vi.advanceTimersByTimeAsync(250);
    await reporter.settled();
    expect(writes).toEqual([{ progress: 0.1 }, { progress: 0.3 }]);
    expect(announce).toHaveBeenCalledTimes(2);
  });

  it("clamps fractions to 0..1 and ignores ones that are not numbers", async () => {
    const { reporter, writes } = setUp();
    reporter.reportProgress(Number.NaN);
    reporter.reportProgress(1.7);
    await vi.advanceTimersByTimeAsync(250);
    reporter.reportProgress(-1);
    await vi.advanceTimersByTimeAsync(250);
    await reporter.settled();
    expect(writes).toEqual([{ progress: 1 }, { progress: 0 }]);
  });

  it("clears the progress with each new stage and drops a fraction still waiting", async () => {
    const { reporter, writes } = setUp();
    reporter.reportProgress(0.5);
    reporter.reportProgress(0.9);
    reporter.reportStage("saving");
    await vi.advanceTimersByTimeAsync(1_000);
    await reporter.settled();
    expect(writes).toEqual([{ progress: 0.5 }, { stage: "saving", progress: null }]);
    // The new stage's first fraction is written at once.
    reporter.reportProgress(0.2);
    await reporter.settled();
    expect(writes.at(-1)).toEqual({ progress: 0.2 });
  });

  it("writes nothing once stopped, nor after another attempt took the job", async () => {
    const stopped = setUp();
    stopped.reporter.reportProgress(0.1);
    stopped.reporter.reportProgress(0.6);
    stopped.reporter.stop();
    stopped.reporter.reportStage("saving");
    await vi.advanceTimersByTimeAsync(1_000);
    await stopped.reporter.settled();
    // Even the fraction already queued: the job's end clears the progress anyway.
    expect(stopped.writes).toEqual([]);

    const lost = setUp({ ours: false });
    lost.reporter.reportStage("composing");
    lost.reporter.reportProgress(0.4);
    await lost.reporter.settled();
    expect(lost.writes).toEqual([]);
    expect(lost.announce).not.toHaveBeenCalled();
  });
});
