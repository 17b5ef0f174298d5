import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  GENERATION_MESSAGES as M,
  PLANS,
  ZEditResponse,
  ZImageRecord,
  ZJobAccepted,
} from "@backdrop/shared";
import sharp from "sharp";
import { afterEach, beforeEach, expect, it } from "vitest";
import { describeEachDatabase } from "./helpers/databases.ts";
import {
  getFile,
  getRecord,
  pollRecord,
  postEdit,
  postFal,
  postUpscale,
  processBody,
  upload,
} from "./helpers/generations.ts";
import { asCookie, type SignedIn } from "./helpers/identity.ts";
import { describeEachDriver } from "./helpers/job-drivers.ts";
import { adaAndBob, balanceOf, subscribeInSandbox } from "./helpers/payments.ts";
import { scriptedEngine } from "./helpers/scripted-engine.ts";
import { createTestApp } from "./helpers/test-app.ts";

const FAST_JOBS = {
  timeLimitMs: 5_000,
  queueWaitLimitMs: 30_000,
  leaseMs: 2_000,
  sweepIntervalMs: 200,
};

describeEachDatabase("generation service", (database) => {
  describeEachDriver("jobs", (driver) => {
    let t: ReturnType<typeof createTestApp>;
    let engine: ReturnType<typeof scriptedEngine>;
    let ada: SignedIn;
    let bob: SignedIn;

    let env: Record<string, string>;

    function app(jobs = FAST_JOBS) {
      engine = scriptedEngine();
      const made = createTestApp(database.handle(), {
        env,
        engine: engine.engine,
        jobs,
      });
      made.container.jobs.start();
      return made;
    }

    beforeEach(async () => {
      // Apps made again within a test (a restart) share the queue and the files.
      env = { ...driver.env(), FILES_DIR: join(tmpdir(), `backdrop-files-${randomUUID()}`) };
      t = app();
      ({ ada, bob } = await adaAndBob(t));
    });
    afterEach(async () => {
      await t.container.close();
    });

    const tokensOf = (user: SignedIn) => balanceOf(t, user);

    async function setTokens(user: SignedIn, subscriptionTokens: number) {
      await database
        .handle()
        .db.updateTable("user_profiles")
        .set({ subscription_tokens: subscriptionTokens, num_of_tokens: 0 })
        .where("user_id", "=", user.id)
        .execute();
    }

    async function accepted(res: Response) {
      expect(res.status).toBe(200);
      return ZJobAccepted.parse(await res.json());
    }

    it("takes an upload through process, upscale and edit, charging the catalogue's costs", async () => {
      await subscribeInSandbox(t, ada, "pro");
      expect(await tokensOf(ada)).toBe(PLANS.pro.tokensPerMonth);
      const uploaded = await upload(t, ada, "coffee.png");

      const job = await accepted(await postFal(t, "process", processBody(ada, uploaded), ada));
      expect(job).toMatchObject({ status: "queued", message: "Image processing started" });
      const processed = await pollRecord(t, ada, uploaded.recordId);
      expect(processed.status).toBe("completed");
      expect(processed.error).toBeNull();
      expect(processed.prompt).toBe("on a marble counter, morning light");
      const processedUrl = processed.processedImage?.url ?? "";
      expect(processedUrl).toMatch(/^http:\/\/app\.backdrop\.test\/api\/files\/.+\.png$/);
      // 600×400 is 0.24 MP: one started megapixel, 8 tokens.
      expect(await tokensOf(ada)).toBe(160 - 8);
      expect(engine.inputs[0]?.input).toMatchObject({
        prompt: "on a marble counter, morning light",
        method: "realtime",
        options: { num_inference_steps: 28, guidance_scale: 7, enable_hr_fix: true },
      });

      const upscaleJob = await accepted(await postUpscale(t, ada, uploaded.recordId, processedUrl));
      expect(upscaleJob.request_id).not.toBe(job.request_id);
      const upscaled = await pollRecord(t, ada, uploaded.recordId, (r) => r.upscaledImage !== null);
      expect(upscaled.processedImage?.url).toBe(processedUrl);
      const big = await getFile(t, upscaled.upscaledImage?.url ?? "", ada);
      expect(big.status).toBe(200);
      expect(await sharp(Buffer.from(await big.arrayBuffer())).metadata()).toMatchObject({
        width: 1200,
        height: 800,
      });
      expect(await tokensOf(ada)).toBe(160 - 8 - 2);

      const edit = await postEdit(
        t,
        ada,
        uploaded.recordId,
        processedUrl,
        "make it black and white",
      );
      expect(edit.status).toBe(200);
      const edited = ZEditResponse.parse(await edit.json());
      const record = await getRecord(t, ada, uploaded.recordId);
      expect(record.aiGeneratedImages).toEqual([{ url: edited.image.url }]);
      expect(await tokensOf(ada)).toBe(160 - 8 - 2 - 2);

      // Files are their owner's alone.
      expect((await getFile(t, edited.image.url, ada)).status).toBe(200);
      expect((await getFile(t, edited.image.url, bob)).status).toBe(404);
      expect((await getFile(t, edited.image.url, null)).status).toBe(401);
    });

    it("lists a user's records newest first, to the user alone", async () => {
      const first = await upload(t, ada, "coffee.png");
      const second = await upload(t, ada, "rocket.jpg");
      const res = await t.app.request(`/api/images/${ada.id}`, { headers: asCookie(ada) });
      expect(res.status).toBe(200);
      const records = ZImageRecord.array().parse(await res.json());
      expect(records.map((record) => record._id)).toEqual([second.recordId, first.recordId]);
      expect(records[0]).toMatchObject({ status: "uploaded", processedImage: null, width: 640 });
      expect(
        (await t.app.request(`/api/images/${ada.id}`, { headers: asCookie(bob) })).status,
      ).toBe(403);
      expect((await t.app.request(`/api/images/${ada.id}`)).status).toBe(401);
      expect(
        (await t.app.request(`/api/fal/images/${first.recordId}`, { headers: asCookie(bob) }))
          .status,
      ).toBe(404);
      expect((await t.app.request(`/api/fal/images/${first.recordId}`)).status).toBe(401);
    });

    it("refuses what the spec refuses, in its words, taking nothing", async () => {
      const uploaded = await upload(t, ada);
      const body = processBody(ada, uploaded);
      const refusal = async (res: Response, status: number, error: string) => {
        expect(res.status).toBe(status);
        expect(await res.json()).toEqual({ error });
      };
      await refusal(await postFal(t, "process", body, null), 401, "Unauthorized");
      await refusal(await postFal(t, "process", body, bob), 403, "Forbidden");
      await refusal(await postFal(t, "process", body, ada), 403, M.subscriptionRequired);

      await subscribeInSandbox(t, ada, "starter");
      await subscribeInSandbox(t, bob, "starter");
      const bobs = await upload(t, bob);
      await refusal(
        await postFal(t, "process", { ...processBody(bob, uploaded) }, bob),
        404,
        M.recordNotFound,
      );
      await refusal(
        await postFal(t, "process", { ...body, imageUrl: bobs.url }, ada),
        400,
        M.imageNotInRecord,
      );
      await refusal(
        await postFal(t, "process", { ...body, prompt: "  " }, ada),
        400,
        M.promptRequired,
      );
      await refusal(
        await postFal(t, "process", { ...body, options: { num_inference_steps: 500 } }, ada),
        400,
        "num_inference_steps must be between 1 and 50",
      );
      await refusal(
        await postEdit(t, ada, uploaded.recordId, uploaded.url, ""),
        400,
        M.editPromptRequired,
      );
      await refusal(
        await postEdit(t, ada, uploaded.recordId, uploaded.url, "warmer"),
        403,
        M.editsNeedUpgrade,
      );

      await setTokens(ada, 7);
      await refusal(await postFal(t, "process", body, ada), 402, M.notEnoughTokens);
      await setTokens(ada, 1);
      await refusal(
        await postUpscale(t, ada, uploaded.recordId, uploaded.url),
        402,
        M.notEnoughTokensToUpscale,
      );
      expect(await tokensOf(ada)).toBe(1);

      await database
        .handle()
        .db.updateTable("user_profiles")
        .set({ subscription_end_date: Date.now() - 60_000, subscription_tokens: 100 })
        .where("user_id", "=", ada.id)
        .execute();
      await refusal(await postFal(t, "process", body, ada), 403, M.subscriptionExpired);
      expect(engine.calls).toEqual({ generate: 0, upscale: 0, edit: 0 });
      expect((await getRecord(t, ada, uploaded.recordId)).status).toBe("uploaded");
    });

    it("asks for enough tokens for an edit, on plans that have edits", async () => {
      await subscribeInSandbox(t, ada, "pro");
      const uploaded = await upload(t, ada);
      await setTokens(ada, 1);
      const res = await postEdit(t, ada, uploaded.recordId, uploaded.url, "warmer");
      expect(res.status).toBe(402);
      expect(await res.json()).toEqual({ error: M.notEnoughTokensToEdit });
    });

    it("refunds a failed generation on elite but not on pro, as the plans say", async () => {
      await subscribeInSandbox(t, ada, "elite");
      await subscribeInSandbox(t, bob, "pro");
      for (const [user, plan] of [
        [ada, "elite"],
        [bob, "pro"],
      ] as const) {
        const uploaded = await upload(t, user);
        engine.failNext("generate", "rejected");
        await accepted(await postFal(t, "process", processBody(user, uploaded), user));
        const record = await pollRecord(t, user, uploaded.recordId);
        expect(record).toMatchObject({
          status: "failed",
          error: M.modelFailed,
          processedImage: null,
        });
        const expected =
          plan === "elite" ? PLANS.elite.tokensPerMonth : PLANS.pro.tokensPerMonth - 8;
        expect(await tokensOf(user)).toBe(expected);
      }
      const ledger = await t.container.repositories.tokenLedger.listForUser(ada.id);
      expect(ledger.map((entry) => entry.kind)).toEqual(["grant", "debit", "refund"]);
    });

    it("maps engine failures to the spec's messages", async () => {
      await subscribeInSandbox(t, ada, "pro");
      const cases = [
        ["unavailable", M.processingFailed],
        ["lost", M.processingFailed],
        ["timeout", M.requestTimedOut],
      ] as const;
      for (const [failure, message] of cases) {
        const uploaded = await upload(t, ada);
        engine.failNext("generate", failure);
        await accepted(await postFal(t, "process", processBody(ada, uploaded), ada));
        expect(await pollRecord(t, ada, uploaded.recordId)).toMatchObject({
          status: "failed",
          error: message,
        });
      }
    });

    it("fails a job past its time limit with the time-out message", async () => {
      await t.container.close();
      t = app({ ...FAST_JOBS, timeLimitMs: 300 });
      await subscribeInSandbox(t, ada, "elite");
      const uploaded = await upload(t, ada);
      engine.hangNext("generate");
      await accepted(await postFal(t, "process", processBody(ada, uploaded), ada));
      const failed = await pollRecord(t, ada, uploaded.recordId);
      expect(failed).toMatchObject({ status: "failed", error: M.requestTimedOut });
      expect(await tokensOf(ada)).toBe(PLANS.elite.tokensPerMonth);

      await accepted(await postFal(t, "process", processBody(ada, uploaded), ada));
      const done = await pollRecord(t, ada, uploaded.recordId);
      engine.hangNext("upscale");
      await accepted(await postUpscale(t, ada, uploaded.recordId, done.processedImage?.url));
      expect(await pollRecord(t, ada, uploaded.recordId)).toMatchObject({
        status: "failed",
        error: M.upscaleTimedOut,
      });
    });

    it("takes no result past the upload limit as the source of another job", async () => {
      await subscribeInSandbox(t, ada, "pro");
      const uploaded = await upload(t, ada, "rocket.jpg");
      await accepted(await postFal(t, "process", processBody(ada, uploaded), ada));
      let source = (await pollRecord(t, ada, uploaded.recordId)).processedImage?.url;
      const upscale = () => postUpscale(t, ada, uploaded.recordId, source);
      for (const width of [1280, 2560]) {
        await accepted(await upscale());
        const record = await pollRecord(t, ada, uploaded.recordId, (r) => r.upscaledImage !== null);
        source = record.upscaledImage?.url;
        const meta = await sharp(
          Buffer.from(await (await getFile(t, source ?? "", ada)).arrayBuffer()),
        ).metadata();
        expect(meta.width).toBe(width);
      }
      const refused = await upscale();
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ error: M.imageTooLarge });
    });

    it("fails a job that waited in line past the queue's waiting limit", async () => {
      await subscribeInSandbox(t, ada, "elite");
      const uploaded = await upload(t, ada);
      await t.container.close();
      t = createTestApp(database.handle(), { env, engine: engine.engine, jobs: FAST_JOBS });
      await accepted(await postFal(t, "process", processBody(ada, uploaded), ada));
      await t.container.close();
      // The next worker comes up long after the job was accepted.
      engine = scriptedEngine();
      t = createTestApp(database.handle(), {
        env,
        engine: engine.engine,
        jobs: FAST_JOBS,
        clock: { now: () => Date.now() + 2 * FAST_JOBS.queueWaitLimitMs },
      });
      t.container.jobs.start();
      expect(await pollRecord(t, ada, uploaded.recordId)).toMatchObject({
        status: "failed",
        error: M.requestTimedOut,
      });
      expect(engine.calls.generate).toBe(0);
      expect(await tokensOf(ada)).toBe(PLANS.elite.tokensPerMonth);
    });

    it("never overspends under many concurrent requests, and runs one job per record", async () => {
      await subscribeInSandbox(t, ada, "starter");
      const uploads = [];
      for (let i = 0; i < 14; i += 1) uploads.push(await upload(t, ada));
      const answers = await Promise.all(
        uploads.map((u) => postFal(t, "process", processBody(ada, u), ada)),
      );
      const statuses = answers.map((res) => res.status);
      // 100 tokens buy twelve 8-token generations.
      expect(statuses.filter((status) => status === 200)).toHaveLength(12);
      expect(statuses.filter((status) => status === 402)).toHaveLength(2);
      expect(await tokensOf(ada)).toBe(4);
      const sums = await t.container.repositories.tokenLedger.sums(ada.id);
      expect(sums.numOfTokens + sums.subscriptionTokens).toBe(4);

      await setTokens(ada, 100);
      const fresh = await upload(t, ada);
      const release = engine.holdNext("generate");
      const twice = await Promise.all(
        [0, 1].map(() => postFal(t, "process", processBody(ada, fresh), ada)),
      );
      expect(twice.map((res) => res.status).sort()).toEqual([200, 409]);
      release();
      await pollRecord(t, ada, fresh.recordId);
      expect(await tokensOf(ada)).toBe(92);
    });

    it("shows how much of the stage is done while the job runs, and clears it after", async () => {
      await subscribeInSandbox(t, ada, "pro");
      const uploaded = await upload(t, ada);
      expect((await getRecord(t, ada, uploaded.recordId)).progress).toBeNull();
      const release = engine.progressNext("generate", [0.1, 0.25, 0.4]);
      const stream = await t.app.request(`/api/fal/images/${uploaded.recordId}/events`, {
        headers: asCookie(ada),
      });
      const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let text = "";
      await accepted(await postFal(t, "process", processBody(ada, uploaded), ada));
      // Throttled: the first fraction at once, the latest one after the interval.
      const running = await pollRecord(t, ada, uploaded.recordId, (r) => r.progress === 0.4);
      expect(running).toMatchObject({ status: "processing", stage: "composing" });
      while (!/"progress":0\.4/.test(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error("stream ended");
        text += decoder.decode(value);
      }
      await reader.cancel();
      release();
      expect(await pollRecord(t, ada, uploaded.recordId)).toMatchObject({
        status: "completed",
        stage: null,
        progress: null,
      });

      const processed = await getRecord(t, ada, uploaded.recordId);
      const failUpscale = engine.progressNext("upscale", [0.5]);
      await accepted(
        await postUpscale(t, ada, uploaded.recordId, processed.processedImage?.url ?? ""),
      );
      await pollRecord(t, ada, uploaded.recordId, (r) => r.progress === 0.5);
      failUpscale("unavailable");
      expect(await pollRecord(t, ada, uploaded.recordId)).toMatchObject({
        status: "failed",
        stage: null,
        progress: null,
      });
    });

    it("pushes the record's changes as server-sent events", async () => {
      await subscribeInSandbox(t, ada, "pro");
      const uploaded = await upload(t, ada);
      expect(
        (
          await t.app.request(`/api/fal/images/${uploaded.recordId}/events`, {
            headers: asCookie(bob),
          })
        ).status,
      ).toBe(404);
      const release = engine.holdNext("generate");
      const stream = await t.app.request(`/api/fal/images/${uploaded.recordId}/events`, {
        headers: asCookie(ada),
      });
      expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
      const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let text = "";
      const readUntil = async (pattern: RegExp) => {
        while (!pattern.test(text)) {
          const { value, done } = await reader.read();
          if (done) throw new Error("stream ended");
          text += decoder.decode(value);
        }
      };
      await readUntil(/"status":"uploaded"/);
      await accepted(await postFal(t, "process", processBody(ada, uploaded), ada));
      await readUntil(/"stage":"composing"/);
      release();
      await readUntil(/"processedImage":\{"url":"[^"]+"\}/);
      expect(text).toMatch(/event: record/);
      await reader.cancel();
    });

    it("resumes a job whose worker crashed, and ends one that keeps crashing", async () => {
      await subscribeInSandbox(t, ada, "elite");
      const [first, second] = [await upload(t, ada), await upload(t, ada)];
      // Jobs accepted while no worker runs here, then taken by a worker that dies.
      await t.container.close();
      t = createTestApp(database.handle(), {
        env,
        engine: engine.engine,
        jobs: FAST_JOBS,
      });
      const past = Date.now() - 60_000;
      const claimAsDeadWorker = async (
        uploaded: { url: string; recordId: string },
        times: number,
      ) => {
        const job = await accepted(await postFal(t, "process", processBody(ada, uploaded), ada));
        for (let i = 0; i < times; i += 1) {
          // Each dead worker's lease ran out long ago.
          const at = past + i * 1_000;
          const claimed = await t.container.repositories.generations.jobs.claim(
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
      expect(await tokensOf(ada)).toBe(PLANS.elite.tokensPerMonth - 16);

      // A new process comes up: its sweep finds both.
      await t.container.close();
      t = app();
      const done = await pollRecord(t, ada, first.recordId);
      expect(done.status).toBe("completed");
      const ended = await pollRecord(t, ada, second.recordId);
      expect(ended).toMatchObject({ status: "failed", error: M.processingFailed });
      const repo = t.container.repositories.generations.jobs;
      expect((await repo.find(resumed))?.attempts).toBe(2);
      expect((await repo.find(abandoned))?.status).toBe("failed");
      // Elite: the abandoned job's tokens came back.
      expect(await tokensOf(ada)).toBe(PLANS.elite.tokensPerMonth - 8);
    });
  });
});
