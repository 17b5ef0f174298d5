import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GENERATION_MESSAGES as M, PLANS, ZJobAccepted } from "@backdrop/shared";
import { afterEach, beforeEach, expect, it } from "vitest";
import type { Clock } from "../src/lib/clock.ts";
import { createDiskStorage } from "../src/storage/disk.storage.ts";
import type { FileStorage } from "../src/storage/file-storage.ts";
import { describeEachDatabase } from "./helpers/databases.ts";
import { getRecord, pollRecord, postFal, processBody, upload } from "./helpers/generations.ts";
import type { SignedIn } from "./helpers/identity.ts";
import { describeEachDriver } from "./helpers/job-drivers.ts";
import { adaAndBob, balanceOf, subscribeInSandbox } from "./helpers/payments.ts";
import { scriptedEngine } from "./helpers/scripted-engine.ts";
import { createTestApp } from "./helpers/test-app.ts";

const JOBS = { timeLimitMs: 5_000, queueWaitLimitMs: 60_000, leaseMs: 2_000, sweepIntervalMs: 200 };
const PRO = PLANS.pro.tokensPerMonth;

/** A clock the test moves forward, as if the process had been down or busy for a while. */
function movableClock() {
  let offset = 0;
  const clock: Clock = { now: () => Date.now() + offset };
  return { clock, skip: (ms: number) => (offset += ms) };
}

/**
 * The review's findings on jobs: nothing kills the process, the time limit counts from the
 * start, and what the platform failed to deliver is refunded on every plan.
 */
describeEachDatabase("job safety", (database) => {
  describeEachDriver("jobs", (driver) => {
    let env: Record<string, string>;
    let t: ReturnType<typeof createTestApp>;
    let engine: ReturnType<typeof scriptedEngine>;
    let ada: SignedIn;
    const time = movableClock();

    function app(options: { storage?: FileStorage; jobs?: typeof JOBS; start?: boolean } = {}) {
      engine = scriptedEngine();
      const made = createTestApp(database.handle(), {
        env,
        engine: engine.engine,
        jobs: options.jobs ?? JOBS,
        clock: time.clock,
        ...(options.storage ? { storage: options.storage } : {}),
      });
      if (options.start !== false) made.container.jobs.start();
      return made;
    }

    beforeEach(async () => {
      env = { ...driver.env(), FILES_DIR: join(tmpdir(), `backdrop-files-${randomUUID()}`) };
      t = app();
      ({ ada } = await adaAndBob(t));
      await subscribeInSandbox(t, ada, "pro");
    });
    afterEach(async () => {
      await t.container.close();
    });

    const tokensOf = (user: SignedIn) => balanceOf(t, user);

    async function process(uploaded: { url: string; recordId: string }) {
      const res = await postFal(t, "process", processBody(ada, uploaded), ada);
      expect(res.status).toBe(200);
      return ZJobAccepted.parse(await res.json()).request_id;
    }

    it("fails a job whose time runs out before the engine starts, without calling it", async () => {
      const uploaded = await upload(t, ada);
      await t.container.close();
      // Reading the source photo outlasts the job's whole time limit: the signal fires between
      // the claim and the engine call, where an engine promise used to be left unhandled.
      const disk = createDiskStorage(env.FILES_DIR ?? "");
      const slow: FileStorage = {
        ...disk,
        async get(key) {
          await new Promise((resolve) => setTimeout(resolve, 600));
          return disk.get(key);
        },
      };
      t = app({ storage: slow, jobs: { ...JOBS, timeLimitMs: 200 } });
      await process(uploaded);
      const record = await pollRecord(t, ada, uploaded.recordId);
      expect(record).toMatchObject({ status: "failed", error: M.requestTimedOut });
      expect(engine.calls.generate).toBe(0);
      // A time-out is the platform's failure: refunded on pro too.
      expect(await tokensOf(ada)).toBe(PRO);
    });

    it("counts the time limit from the start, not from the acceptance", async () => {
      const uploaded = await upload(t, ada);
      await t.container.close();
      t = app({ start: false });
      await process(uploaded);
      await t.container.close();
      // The job waited in line for ten time limits, well within the queue's waiting limit.
      time.skip(10 * JOBS.timeLimitMs);
      t = app();
      const record = await pollRecord(t, ada, uploaded.recordId);
      expect(record.status).toBe("completed");
      expect(await tokensOf(ada)).toBe(PRO - 8);
    });

    it("ends a job that never started within the queue's waiting limit, refunding it", async () => {
      const uploaded = await upload(t, ada);
      await t.container.close();
      t = app({ start: false });
      await process(uploaded);
      expect(await tokensOf(ada)).toBe(PRO - 8);
      await t.container.close();
      time.skip(JOBS.queueWaitLimitMs + 1_000);
      // Only the server's upkeep runs here: with BullMQ that is no worker at all.
      t = app({ start: false });
      t.container.jobs.startServer();
      const record = await pollRecord(t, ada, uploaded.recordId);
      expect(record).toMatchObject({ status: "failed", error: M.requestTimedOut });
      expect(engine.calls.generate).toBe(0);
      expect(await tokensOf(ada)).toBe(PRO);
    });

    it("refunds what the platform failed to deliver on pro, and not what the input caused", async () => {
      const cases = [
        ["unavailable", M.processingFailed, PRO],
        ["lost", M.processingFailed, PRO],
        ["timeout", M.requestTimedOut, PRO],
        ["rejected", M.modelFailed, PRO - 8],
        ["no-subject", M.noSubjectFound, PRO - 16],
      ] as const;
      for (const [failure, message, balance] of cases) {
        const uploaded = await upload(t, ada);
        engine.failNext("generate", failure);
        await process(uploaded);
        expect(await pollRecord(t, ada, uploaded.recordId)).toMatchObject({
          status: "failed",
          error: message,
        });
        expect(await tokensOf(ada), failure).toBe(balance);
      }
    });

    it("refunds a result the storage could not keep", async () => {
      const uploaded = await upload(t, ada);
      await t.container.close();
      const disk = createDiskStorage(env.FILES_DIR ?? "");
      const full: FileStorage = {
        ...disk,
        async put() {
          throw Object.assign(new Error("no space left on device"), { code: "ENOSPC" });
        },
      };
      t = app({ storage: full });
      await process(uploaded);
      expect(await pollRecord(t, ada, uploaded.recordId)).toMatchObject({
        status: "failed",
        error: M.processingFailed,
      });
      expect(await tokensOf(ada)).toBe(PRO);
    });

    it("fails and refunds a job whose stored input no longer fits its kind", async () => {
      const uploaded = await upload(t, ada);
      await t.container.close();
      t = app({ start: false });
      const jobId = await process(uploaded);
      await database
        .handle()
        .db.updateTable("image_jobs")
        .set({ input: JSON.stringify({ prompt: 42 }) })
        .where("id", "=", jobId)
        .execute();
      await t.container.close();
      t = app();
      expect(await pollRecord(t, ada, uploaded.recordId)).toMatchObject({
        status: "failed",
        error: M.processingFailed,
      });
      expect(engine.calls.generate).toBe(0);
      expect(await tokensOf(ada)).toBe(PRO);
    });

    it("refunds a job whose workers kept crashing, on pro", async () => {
      const uploaded = await upload(t, ada);
      await t.container.close();
      t = app({ start: false });
      const jobId = await process(uploaded);
      // Two workers claimed it and died; their leases ran out long ago.
      const past = Date.now() - 60_000;
      for (const at of [past, past + 1_000]) {
        await t.container.repositories.generations.jobs.claim(jobId, at, at + 1);
      }
      await t.container.close();
      t = app();
      expect(await pollRecord(t, ada, uploaded.recordId)).toMatchObject({
        status: "failed",
        error: M.processingFailed,
      });
      expect(await tokensOf(ada)).toBe(PRO);
      expect((await getRecord(t, ada, uploaded.recordId)).processedImage).toBeNull();
    });
  });
});
