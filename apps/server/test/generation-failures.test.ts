import { GENERATION_MESSAGES as M, PLANS } from "@backdrop/shared";
import { afterEach, beforeEach, expect, it } from "vitest";
import { EngineError } from "../src/engines/image-engine.ts";
import type { CutoutModel } from "../src/engines/local/cutout/index.ts";
import { createLocalEngine } from "../src/engines/local/local.engine.ts";
import { describeEachDatabase } from "./helpers/databases.ts";
import { accepted, FAST_JOBS, useGenerationApps } from "./helpers/generation-jobs.ts";
import { pollRecord, postFal, postUpscale, processBody, upload } from "./helpers/generations.ts";
import type { SignedIn } from "./helpers/identity.ts";
import { describeEachDriver } from "./helpers/job-drivers.ts";
import { adaAndBob, balanceOf, subscribeInSandbox } from "./helpers/payments.ts";
import { scriptedEngine } from "./helpers/scripted-engine.ts";
import { createTestApp } from "./helpers/test-app.ts";

/** What becomes of a job the engine fails, that runs or waits too long, or whose worker dies. */
describeEachDatabase("generation service, when jobs fail", (database) => {
  describeEachDriver("jobs", (driver) => {
    const g = useGenerationApps(database, driver);

    it("refunds a failed generation on elite but not on pro, as the plans say", async () => {
      await subscribeInSandbox(g.t, g.ada, "elite");
      await subscribeInSandbox(g.t, g.bob, "pro");
      for (const [user, plan] of [
        [g.ada, "elite"],
        [g.bob, "pro"],
      ] as const) {
        const uploaded = await upload(g.t, user);
        g.engine.failNext("generate", "rejected");
        await accepted(await postFal(g.t, "process", processBody(user, uploaded), user));
        const record = await pollRecord(g.t, user, uploaded.recordId);
        expect(record).toMatchObject({
          status: "failed",
          error: M.modelFailed,
          processedImage: null,
        });
        const expected =
          plan === "elite" ? PLANS.elite.tokensPerMonth : PLANS.pro.tokensPerMonth - 8;
        expect(await g.tokensOf(user)).toBe(expected);
      }
      const ledger = await g.t.container.repositories.tokenLedger.listForUser(g.ada.id);
      expect(ledger.map((entry) => entry.kind)).toEqual(["grant", "debit", "refund"]);
    });

    it("maps engine failures to the spec's messages", async () => {
      await subscribeInSandbox(g.t, g.ada, "pro");
      const cases = [
        ["unavailable", M.processingFailed],
        ["lost", M.processingFailed],
        ["timeout", M.requestTimedOut],
      ] as const;
      for (const [failure, message] of cases) {
        const uploaded = await upload(g.t, g.ada);
        g.engine.failNext("generate", failure);
        await accepted(await postFal(g.t, "process", processBody(g.ada, uploaded), g.ada));
        expect(await pollRecord(g.t, g.ada, uploaded.recordId)).toMatchObject({
          status: "failed",
          error: message,
        });
      }
    });

    it("fails a job past its time limit with the time-out message", async () => {
      await g.t.container.close();
      g.t = g.app({ ...FAST_JOBS, timeLimitMs: 300 });
      await subscribeInSandbox(g.t, g.ada, "elite");
      const uploaded = await upload(g.t, g.ada);
      g.engine.hangNext("generate");
      await accepted(await postFal(g.t, "process", processBody(g.ada, uploaded), g.ada));
      const failed = await pollRecord(g.t, g.ada, uploaded.recordId);
      expect(failed).toMatchObject({ status: "failed", error: M.requestTimedOut });
      expect(await g.tokensOf(g.ada)).toBe(PLANS.elite.tokensPerMonth);

      await accepted(await postFal(g.t, "process", processBody(g.ada, uploaded), g.ada));
      const done = await pollRecord(g.t, g.ada, uploaded.recordId);
      g.engine.hangNext("upscale");
      await accepted(await postUpscale(g.t, g.ada, uploaded.recordId, done.processedImage?.url));
      expect(await pollRecord(g.t, g.ada, uploaded.recordId)).toMatchObject({
        status: "failed",
        error: M.upscaleTimedOut,
      });
    });

    it("fails a job that waited in line past the queue's waiting limit", async () => {
      await subscribeInSandbox(g.t, g.ada, "elite");
      const uploaded = await upload(g.t, g.ada);
      await g.t.container.close();
      g.t = createTestApp(database.handle(), {
        env: g.env,
        engine: g.engine.engine,
        jobs: FAST_JOBS,
      });
      await accepted(await postFal(g.t, "process", processBody(g.ada, uploaded), g.ada));
      await g.t.container.close();
      // The next worker comes up long after the job was accepted.
      g.engine = scriptedEngine();
      g.t = createTestApp(database.handle(), {
        env: g.env,
        engine: g.engine.engine,
        jobs: FAST_JOBS,
        clock: { now: () => Date.now() + 2 * FAST_JOBS.queueWaitLimitMs },
      });
      g.t.container.jobs.start();
      expect(await pollRecord(g.t, g.ada, uploaded.recordId)).toMatchObject({
        status: "failed",
        error: M.requestTimedOut,
      });
      expect(g.engine.calls.generate).toBe(0);
      expect(await g.tokensOf(g.ada)).toBe(PLANS.elite.tokensPerMonth);
    });

    it("resumes a job whose worker crashed, and ends one that keeps crashing", async () => {
      await subscribeInSandbox(g.t, g.ada, "elite");
      const [first, second] = [await upload(g.t, g.ada), await upload(g.t, g.ada)];
      // Jobs accepted while no worker runs here, then taken by a worker that dies.
      await g.t.container.close();
      g.t = createTestApp(database.handle(), {
        env: g.env,
        engine: g.engine.engine,
        jobs: FAST_JOBS,
      });
      const past = Date.now() - 60_000;
      const claimAsDeadWorker = async (
        uploaded: { url: string; recordId: string },
        times: number,
      ) => {
        const job = await accepted(
          await postFal(g.t, "process", processBody(g.ada, uploaded), g.ada),
        );
        for (let i = 0; i < times; i += 1) {
          // Each dead worker's lease ran out long ago.
          const at = past + i * 1_000;
          const claimed = await g.t.container.repositories.generations.jobs.claim(
            job.request_id,
            at,
            at + 1,
          );
          expect(claimed?.attempts).toBe(i + 1);
        }
        return job.request_id;
      };
      const resumed = await claimAsDeadWorker(first, 1);
      const abandoned = await claimAsDeadWorker(second, 2);
      expect(await g.tokensOf(g.ada)).toBe(PLANS.elite.tokensPerMonth - 16);

      // A new process comes up: its sweep finds both.
      await g.t.container.close();
      g.t = g.app();
      const done = await pollRecord(g.t, g.ada, first.recordId);
      expect(done.status).toBe("completed");
      const ended = await pollRecord(g.t, g.ada, second.recordId);
      expect(ended).toMatchObject({ status: "failed", error: M.processingFailed });
      const repo = g.t.container.repositories.generations.jobs;
      expect((await repo.find(resumed))?.attempts).toBe(2);
      expect((await repo.find(abandoned))?.status).toBe("failed");
      // Elite: the abandoned job's tokens came back.
      expect(await g.tokensOf(g.ada)).toBe(PLANS.elite.tokensPerMonth - 8);
    });
  });
});

/** A stand-in for ISNet that finds nothing, once let through (`hold` keeps it waiting). */
function subjectlessCutout() {
  let gate: Promise<void> = Promise.resolve();
  let calls = 0;
  const model: CutoutModel = {
    async predict() {
      calls += 1;
      await gate;
      throw new EngineError("no-subject", "No subject was found in the photo");
    },
    refine() {
      throw new EngineError("no-subject", "No subject was found in the photo");
    },
  };
  return {
    model,
    calls: () => calls,
    /** The next predictions wait until the returned function is called. */
    hold(): () => void {
      let release = () => {};
      gate = new Promise<void>((resolve) => (release = resolve));
      return () => release();
    },
  };
}

/** Issue 26, point 6: a photo whose upload's cut-out found no subject is not charged for. */
describeEachDatabase("a photo without a subject on the local engine", (database) => {
  let t: ReturnType<typeof createTestApp>;
  let cutout: ReturnType<typeof subjectlessCutout>;
  let ada: SignedIn;
  let bob: SignedIn;

  beforeEach(async () => {
    cutout = subjectlessCutout();
    t = createTestApp(database.handle(), {
      engine: createLocalEngine({ cutout: cutout.model }),
      jobs: FAST_JOBS,
    });
    t.container.jobs.start();
    ({ ada, bob } = await adaAndBob(t));
  });
  afterEach(async () => {
    await t.container.close();
  });

  async function cutoutJob(recordId: string) {
    return database
      .handle()
      .db.selectFrom("image_jobs")
      .select(["status", "error"])
      .where("record_id", "=", recordId)
      .where("kind", "=", "cutout")
      .executeTakeFirst();
  }

  /** Until the upload's cut-out job has ended. */
  async function cutoutEnded(recordId: string) {
    for (;;) {
      const job = await cutoutJob(recordId);
      if (job && job.status !== "queued" && job.status !== "processing") return job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it("refuses its generation before any debit, on starter and pro, with the studio's message", async () => {
    for (const [user, plan] of [
      [ada, "starter"],
      [bob, "pro"],
    ] as const) {
      await subscribeInSandbox(t, user, plan);
      const uploaded = await upload(t, user, "coffee.png");
      expect(await cutoutEnded(uploaded.recordId)).toMatchObject({
        status: "failed",
        error: M.noSubjectFound,
      });
      const tokens = await balanceOf(t, user);
      const body = { ...processBody(user, uploaded), variations: 4 };
      const res = await postFal(t, "process", body, user);
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({ error: M.noSubjectFound });
      expect(await balanceOf(t, user)).toBe(tokens);
      const jobs = await database
        .handle()
        .db.selectFrom("image_jobs")
        .select("kind")
        .where("record_id", "=", uploaded.recordId)
        .execute();
      expect(jobs).toEqual([{ kind: "cutout" }]);
    }
  });

  it("takes the generation as before while the cut-out is still being made", async () => {
    await subscribeInSandbox(t, ada, "starter");
    const release = cutout.hold();
    const uploaded = await upload(t, ada, "coffee.png");
    while (cutout.calls() === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    const tokens = await balanceOf(t, ada);
    await accepted(await postFal(t, "process", processBody(ada, uploaded), ada));
    release();
    // The job finds no subject itself: starter keeps the tokens of a failure the photo caused.
    const record = await pollRecord(t, ada, uploaded.recordId);
    expect(record).toMatchObject({ status: "failed", error: M.noSubjectFound });
    expect(await balanceOf(t, ada)).toBe(tokens - 8);
  });
});
