import { GENERATION_MESSAGES as M, PLANS } from "@backdrop/shared";
import { expect, it } from "vitest";
import { describeEachDatabase } from "./helpers/databases.ts";
import { accepted, FAST_JOBS, useGenerationApps } from "./helpers/generation-jobs.ts";
import { pollRecord, postFal, postUpscale, processBody, upload } from "./helpers/generations.ts";
import { describeEachDriver } from "./helpers/job-drivers.ts";
import { subscribeInSandbox } from "./helpers/payments.ts";
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
