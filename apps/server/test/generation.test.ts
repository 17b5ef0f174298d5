import {
  generationCost,
  GENERATION_MESSAGES as M,
  PLANS,
  ZEditResponse,
  ZImageRecord,
  ZUploadResponse,
} from "@backdrop/shared";
import sharp from "sharp";
import { expect, it } from "vitest";
import { describeEachDatabase } from "./helpers/databases.ts";
import { accepted, useGenerationApps } from "./helpers/generation-jobs.ts";
import {
  getFile,
  getRecord,
  pollRecord,
  postEdit,
  postFal,
  postUpload,
  postUpscale,
  processBody,
  upload,
} from "./helpers/generations.ts";
import { asCookie, type SignedIn } from "./helpers/identity.ts";
import { describeEachDriver } from "./helpers/job-drivers.ts";
import { subscribeInSandbox } from "./helpers/payments.ts";

/** A generation's way through the jobs: what it charges, refuses, limits and shows while it runs. */
describeEachDatabase("generation service", (database) => {
  describeEachDriver("jobs", (driver) => {
    const g = useGenerationApps(database, driver);

    async function setTokens(user: SignedIn, subscriptionTokens: number) {
      await database
        .handle()
        .db.updateTable("user_profiles")
        .set({ subscription_tokens: subscriptionTokens, num_of_tokens: 0 })
        .where("user_id", "=", user.id)
        .execute();
    }

    it("takes an upload through process, upscale and edit, charging the catalogue's costs", async () => {
      await subscribeInSandbox(g.t, g.ada, "pro");
      expect(await g.tokensOf(g.ada)).toBe(PLANS.pro.tokensPerMonth);
      const uploaded = await upload(g.t, g.ada, "coffee.png");

      const job = await accepted(
        await postFal(g.t, "process", processBody(g.ada, uploaded), g.ada),
      );
      expect(job).toMatchObject({ status: "queued", message: "Image processing started" });
      const processed = await pollRecord(g.t, g.ada, uploaded.recordId);
      expect(processed.status).toBe("completed");
      expect(processed.error).toBeNull();
      expect(processed.prompt).toBe("on a marble counter, morning light");
      const processedUrl = processed.processedImage?.url ?? "";
      expect(processedUrl).toMatch(/^http:\/\/app\.backdrop\.test\/api\/files\/.+\.png$/);
      // 600×400 is 0.24 MP: one started megapixel, 8 tokens.
      expect(await g.tokensOf(g.ada)).toBe(160 - 8);
      expect(g.engine.inputs[0]?.input).toMatchObject({
        prompt: "on a marble counter, morning light",
        method: "realtime",
        options: { num_inference_steps: 28, guidance_scale: 7, enable_hr_fix: true },
        shadow: "natural",
        aspect: "original",
      });

      const upscaleJob = await accepted(
        await postUpscale(g.t, g.ada, uploaded.recordId, processedUrl),
      );
      expect(upscaleJob.request_id).not.toBe(job.request_id);
      const upscaled = await pollRecord(
        g.t,
        g.ada,
        uploaded.recordId,
        (r) => r.upscaledImage !== null,
      );
      expect(upscaled.processedImage?.url).toBe(processedUrl);
      const big = await getFile(g.t, upscaled.upscaledImage?.url ?? "", g.ada);
      expect(big.status).toBe(200);
      expect(await sharp(Buffer.from(await big.arrayBuffer())).metadata()).toMatchObject({
        width: 1200,
        height: 800,
      });
      expect(await g.tokensOf(g.ada)).toBe(160 - 8 - 2);

      const edit = await postEdit(
        g.t,
        g.ada,
        uploaded.recordId,
        processedUrl,
        "make it black and white",
      );
      expect(edit.status).toBe(200);
      const edited = ZEditResponse.parse(await edit.json());
      const record = await getRecord(g.t, g.ada, uploaded.recordId);
      expect(edited.image.displayUrl).toBe(`${edited.image.url}?size=display`);
      expect(record.aiGeneratedImages).toEqual([
        { ...edited.image, fidelity: null, instruction: "make it black and white" },
      ]);
      expect(await g.tokensOf(g.ada)).toBe(160 - 8 - 2 - 2);

      // Files are their owner's alone.
      expect((await getFile(g.t, edited.image.url, g.ada)).status).toBe(200);
      expect((await getFile(g.t, edited.image.url, g.bob)).status).toBe(404);
      expect((await getFile(g.t, edited.image.url, null)).status).toBe(401);
    });

    it("lists a user's records newest first, to the user alone", async () => {
      const first = await upload(g.t, g.ada, "coffee.png");
      const second = await upload(g.t, g.ada, "rocket.jpg");
      const res = await g.t.app.request(`/api/images/${g.ada.id}`, { headers: asCookie(g.ada) });
      expect(res.status).toBe(200);
      const records = ZImageRecord.array().parse(await res.json());
      expect(records.map((record) => record._id)).toEqual([second.recordId, first.recordId]);
      expect(records[0]).toMatchObject({ status: "uploaded", processedImage: null, width: 640 });
      expect(
        (await g.t.app.request(`/api/images/${g.ada.id}`, { headers: asCookie(g.bob) })).status,
      ).toBe(403);
      expect((await g.t.app.request(`/api/images/${g.ada.id}`)).status).toBe(401);
      expect(
        (await g.t.app.request(`/api/fal/images/${first.recordId}`, { headers: asCookie(g.bob) }))
          .status,
      ).toBe(404);
      expect((await g.t.app.request(`/api/fal/images/${first.recordId}`)).status).toBe(401);
    });

    it("refuses what the spec refuses, in its words, taking nothing", async () => {
      const uploaded = await upload(g.t, g.ada);
      const body = processBody(g.ada, uploaded);
      const refusal = async (res: Response, status: number, error: string) => {
        expect(res.status).toBe(status);
        expect(await res.json()).toEqual({ error });
      };
      await refusal(await postFal(g.t, "process", body, null), 401, "Unauthorized");
      await refusal(await postFal(g.t, "process", body, g.bob), 403, "Forbidden");
      await refusal(await postFal(g.t, "process", body, g.ada), 403, M.subscriptionRequired);

      await subscribeInSandbox(g.t, g.ada, "starter");
      await subscribeInSandbox(g.t, g.bob, "starter");
      const bobs = await upload(g.t, g.bob);
      await refusal(
        await postFal(g.t, "process", { ...processBody(g.bob, uploaded) }, g.bob),
        404,
        M.recordNotFound,
      );
      await refusal(
        await postFal(g.t, "process", { ...body, imageUrl: bobs.url }, g.ada),
        400,
        M.imageNotInRecord,
      );
      await refusal(
        await postFal(g.t, "process", { ...body, prompt: "  " }, g.ada),
        400,
        M.promptRequired,
      );
      await refusal(
        await postFal(g.t, "process", { ...body, options: { num_inference_steps: 500 } }, g.ada),
        400,
        "num_inference_steps must be between 1 and 50",
      );
      await refusal(
        await postFal(g.t, "process", { ...body, shadow: "harsh" }, g.ada),
        400,
        "shadow must be natural, soft or none",
      );
      await refusal(
        await postFal(g.t, "process", { ...body, aspect: "2:1" }, g.ada),
        400,
        "aspect must be original, 1:1, 4:5, 3:4, 4:3, 9:16 or 16:9",
      );
      await refusal(
        await postEdit(g.t, g.ada, uploaded.recordId, uploaded.url, ""),
        400,
        M.editPromptRequired,
      );
      await refusal(
        await postEdit(g.t, g.ada, uploaded.recordId, uploaded.url, "warmer"),
        403,
        M.editsNeedUpgrade,
      );

      await setTokens(g.ada, 7);
      await refusal(await postFal(g.t, "process", body, g.ada), 402, M.notEnoughTokens);
      await setTokens(g.ada, 1);
      await refusal(
        await postUpscale(g.t, g.ada, uploaded.recordId, uploaded.url),
        402,
        M.notEnoughTokensToUpscale,
      );
      expect(await g.tokensOf(g.ada)).toBe(1);

      await database
        .handle()
        .db.updateTable("user_profiles")
        .set({ subscription_end_date: Date.now() - 60_000, subscription_tokens: 100 })
        .where("user_id", "=", g.ada.id)
        .execute();
      await refusal(await postFal(g.t, "process", body, g.ada), 403, M.subscriptionExpired);
      expect(g.engine.calls).toEqual({ generate: 0, upscale: 0, edit: 0, cutout: 0 });
      expect((await getRecord(g.t, g.ada, uploaded.recordId)).status).toBe("uploaded");
    });

    it("hands the engine the shadow chosen, through the job's stored input", async () => {
      await subscribeInSandbox(g.t, g.ada, "pro");
      for (const shadow of ["soft", "none"] as const) {
        const uploaded = await upload(g.t, g.ada, "coffee.png");
        await accepted(
          await postFal(g.t, "process", { ...processBody(g.ada, uploaded), shadow }, g.ada),
        );
        expect((await pollRecord(g.t, g.ada, uploaded.recordId)).status).toBe("completed");
        expect(g.engine.inputs.at(-1)?.input).toMatchObject({ shadow });
      }
    });

    it("hands the engine the size chosen and charges by the output's own size", async () => {
      await subscribeInSandbox(g.t, g.ada, "pro");
      // coffee.png is 600×400 (1 started MP, 8 tokens); 16:9 makes it 1024×576, and 9:16
      // 576×1024: still one. A 2048-px upload at 1:1 is 2048×2048 (5 MP, 40 tokens).
      const charged: number[] = [];
      for (const aspect of ["16:9", "9:16"] as const) {
        const uploaded = await upload(g.t, g.ada, "coffee.png");
        const before = await g.tokensOf(g.ada);
        await accepted(
          await postFal(g.t, "process", { ...processBody(g.ada, uploaded), aspect }, g.ada),
        );
        expect((await pollRecord(g.t, g.ada, uploaded.recordId)).status).toBe("completed");
        expect(g.engine.inputs.at(-1)?.input).toMatchObject({ aspect });
        charged.push(before - (await g.tokensOf(g.ada)));
      }
      expect(charged).toEqual([8, 8]);
      const big = await sharp({
        create: { width: 2048, height: 1024, channels: 3, background: "#a0522d" },
      })
        .png()
        .toBuffer();
      const res = await postUpload(g.t, g.ada, big);
      expect(res.status).toBe(200);
      const { url, savedBaseImage } = ZUploadResponse.parse(await res.json());
      const uploaded = { url, recordId: savedBaseImage._id };
      const before = await g.tokensOf(g.ada);
      await accepted(
        await postFal(g.t, "process", { ...processBody(g.ada, uploaded), aspect: "1:1" }, g.ada),
      );
      expect(before - (await g.tokensOf(g.ada))).toBe(generationCost(2048, 2048));
      expect(generationCost(2048, 2048)).toBeGreaterThan(generationCost(2048, 1024));
    });

    it("asks for enough tokens for an edit, on plans that have edits", async () => {
      await subscribeInSandbox(g.t, g.ada, "pro");
      const uploaded = await upload(g.t, g.ada);
      await setTokens(g.ada, 1);
      const res = await postEdit(g.t, g.ada, uploaded.recordId, uploaded.url, "warmer");
      expect(res.status).toBe(402);
      expect(await res.json()).toEqual({ error: M.notEnoughTokensToEdit });
    });

    it("takes no result past the upload limit as the source of another job", async () => {
      await subscribeInSandbox(g.t, g.ada, "pro");
      const uploaded = await upload(g.t, g.ada, "rocket.jpg");
      await accepted(await postFal(g.t, "process", processBody(g.ada, uploaded), g.ada));
      let source = (await pollRecord(g.t, g.ada, uploaded.recordId)).processedImage?.url;
      const upscale = () => postUpscale(g.t, g.ada, uploaded.recordId, source);
      for (const width of [1280, 2560]) {
        await accepted(await upscale());
        const record = await pollRecord(
          g.t,
          g.ada,
          uploaded.recordId,
          (r) => r.upscaledImage !== null,
        );
        source = record.upscaledImage?.url;
        const meta = await sharp(
          Buffer.from(await (await getFile(g.t, source ?? "", g.ada)).arrayBuffer()),
        ).metadata();
        expect(meta.width).toBe(width);
      }
      const refused = await upscale();
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ error: M.imageTooLarge });
    });

    it("never overspends under many concurrent requests, and runs one job per record", async () => {
      await subscribeInSandbox(g.t, g.ada, "starter");
      const uploads = [];
      for (let i = 0; i < 14; i += 1) uploads.push(await upload(g.t, g.ada));
      const answers = await Promise.all(
        uploads.map((u) => postFal(g.t, "process", processBody(g.ada, u), g.ada)),
      );
      const statuses = answers.map((res) => res.status);
      // 100 tokens buy twelve 8-token generations.
      expect(statuses.filter((status) => status === 200)).toHaveLength(12);
      expect(statuses.filter((status) => status === 402)).toHaveLength(2);
      expect(await g.tokensOf(g.ada)).toBe(4);
      const sums = await g.t.container.repositories.tokenLedger.sums(g.ada.id);
      expect(sums.numOfTokens + sums.subscriptionTokens).toBe(4);

      await setTokens(g.ada, 100);
      const fresh = await upload(g.t, g.ada);
      const release = g.engine.holdNext("generate");
      const twice = await Promise.all(
        [0, 1].map(() => postFal(g.t, "process", processBody(g.ada, fresh), g.ada)),
      );
      expect(twice.map((res) => res.status).sort()).toEqual([200, 409]);
      release();
      await pollRecord(g.t, g.ada, fresh.recordId);
      expect(await g.tokensOf(g.ada)).toBe(92);
    });

    it("shows how much of the stage is done while the job runs, and clears it after", async () => {
      await subscribeInSandbox(g.t, g.ada, "pro");
      const uploaded = await upload(g.t, g.ada);
      expect((await getRecord(g.t, g.ada, uploaded.recordId)).progress).toBeNull();
      const release = g.engine.progressNext("generate", [0.1, 0.25, 0.4]);
      const stream = await g.t.app.request(`/api/fal/images/${uploaded.recordId}/events`, {
        headers: asCookie(g.ada),
      });
      const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let text = "";
      await accepted(await postFal(g.t, "process", processBody(g.ada, uploaded), g.ada));
      // Throttled: the first fraction at once, the latest one after the interval.
      const running = await pollRecord(g.t, g.ada, uploaded.recordId, (r) => r.progress === 0.4);
      expect(running).toMatchObject({ status: "processing", stage: "composing" });
      while (!/"progress":0\.4/.test(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error("stream ended");
        text += decoder.decode(value);
      }
      await reader.cancel();
      release();
      expect(await pollRecord(g.t, g.ada, uploaded.recordId)).toMatchObject({
        status: "completed",
        stage: null,
        progress: null,
      });

      const processed = await getRecord(g.t, g.ada, uploaded.recordId);
      const failUpscale = g.engine.progressNext("upscale", [0.5]);
      await accepted(
        await postUpscale(g.t, g.ada, uploaded.recordId, processed.processedImage?.url ?? ""),
      );
      await pollRecord(g.t, g.ada, uploaded.recordId, (r) => r.progress === 0.5);
      failUpscale("unavailable");
      expect(await pollRecord(g.t, g.ada, uploaded.recordId)).toMatchObject({
        status: "failed",
        stage: null,
        progress: null,
      });
    });

    it("pushes the record's changes as server-sent events", async () => {
      await subscribeInSandbox(g.t, g.ada, "pro");
      const uploaded = await upload(g.t, g.ada);
      expect(
        (
          await g.t.app.request(`/api/fal/images/${uploaded.recordId}/events`, {
            headers: asCookie(g.bob),
          })
        ).status,
      ).toBe(404);
      const release = g.engine.holdNext("generate");
      const stream = await g.t.app.request(`/api/fal/images/${uploaded.recordId}/events`, {
        headers: asCookie(g.ada),
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
      await accepted(await postFal(g.t, "process", processBody(g.ada, uploaded), g.ada));
      await readUntil(/"stage":"composing"/);
      release();
      await readUntil(/"processedImage":\{"url":"[^"]+"/);
      expect(text).toMatch(/event: record/);
      await reader.cancel();
    });
  });
});
