import { generationCost, type TImageRecord } from "@backdrop/shared";
import sharp from "sharp";
import { expect, it } from "vitest";
import type { GenerateInput } from "../src/engines/image-engine.ts";
import { describeEachDatabase } from "./helpers/databases.ts";
import { accepted, useGenerationApps } from "./helpers/generation-jobs.ts";
import {
  getFile,
  photoBytes,
  pollRecord,
  postEdit,
  postFal,
  postUpload,
  processBody,
  upload,
} from "./helpers/generations.ts";
import { asCookie, SAME_ORIGIN } from "./helpers/identity.ts";
import { describeEachDriver } from "./helpers/job-drivers.ts";
import { subscribeInSandbox } from "./helpers/payments.ts";

const hasCutout = (record: TImageRecord) => record.cutoutImage !== null;

/** Issue 14 point 1: every upload's subject is cut out once, in the background, for free. */
describeEachDatabase("the cut-out made at upload", (database) => {
  describeEachDriver("jobs", (driver) => {
    const g = useGenerationApps(database, driver, { cutouts: true });

    const filesOf = (recordId: string, kind?: string) =>
      database
        .handle()
        .db.selectFrom("stored_files")
        .select("id")
        .where("record_id", "=", recordId)
        .$if(kind !== undefined, (query) => query.where("kind", "=", kind as "cutout"))
        .execute();

    const jobsOf = (recordId: string) =>
      database
        .handle()
        .db.selectFrom("image_jobs")
        .select(["kind", "status", "cost"])
        .where("record_id", "=", recordId)
        .execute();

    it("is made after the upload, free, leaving the record as uploaded, for its owner only", async () => {
      await subscribeInSandbox(g.t, g.ada, "pro");
      const before = await g.tokensOf(g.ada);
      const uploaded = await upload(g.t, g.ada, "rocket.jpg");
      const record = await pollRecord(g.t, g.ada, uploaded.recordId, hasCutout);
      expect(record).toMatchObject({ status: "uploaded", stage: null, error: null });
      expect(record.processedImage).toBeNull();
      expect(await g.tokensOf(g.ada)).toBe(before);
      expect(await jobsOf(uploaded.recordId)).toEqual([
        { kind: "cutout", status: "completed", cost: 0 },
      ]);

      const own = await getFile(g.t, record.cutoutImage?.url ?? "", g.ada);
      expect(own.status).toBe(200);
      expect(own.headers.get("content-type")).toBe("image/png");
      const { data, info } = await sharp(Buffer.from(await own.arrayBuffer()))
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(info).toMatchObject({ width: 640, height: 427, channels: 4 });
      const alphas = new Set<number>();
      for (let i = 3; i < data.length; i += 4) alphas.add(data[i] ?? -1);
      expect(alphas).toEqual(new Set([0, 255]));

      expect((await getFile(g.t, record.cutoutImage?.url ?? "", g.bob)).status).toBe(404);
      expect((await getFile(g.t, record.cutoutImage?.url ?? "", null)).status).toBe(401);
    });

    it("is reused by the upload's generations and edits, so the model runs once", async () => {
      await subscribeInSandbox(g.t, g.ada, "elite");
      const uploaded = await upload(g.t, g.ada);
      const { cutoutImage } = await pollRecord(g.t, g.ada, uploaded.recordId, hasCutout);
      await accepted(await postFal(g.t, "process", processBody(g.ada, uploaded), g.ada));
      expect((await pollRecord(g.t, g.ada, uploaded.recordId)).status).toBe("completed");
      const edit = await postEdit(g.t, g.ada, uploaded.recordId, uploaded.url, "warmer");
      expect(edit.status).toBe(200);

      expect(g.engine.calls.cutout).toBe(1);
      const stored = await getFile(g.t, cutoutImage?.url ?? "", g.ada);
      const bytes = Buffer.from(await stored.arrayBuffer());
      const handed = g.engine.inputs.filter(({ kind }) => kind !== "cutout");
      expect(handed.map(({ kind }) => kind)).toEqual(["generate", "edit"]);
      for (const { input } of handed) {
        const { cutout } = input as GenerateInput;
        expect(cutout?.bytes.equals(bytes)).toBe(true);
        expect(cutout?.matte?.length).toBeGreaterThan(0);
      }
    });

    it("is taken at once from the same photo uploaded before, without another model run", async () => {
      const first = await upload(g.t, g.ada, "coffee.png");
      const made = await pollRecord(g.t, g.ada, first.recordId, hasCutout);
      const again = await upload(g.t, g.ada, "coffee.png");
      const record = await pollRecord(g.t, g.ada, again.recordId, () => true);
      expect(record.cutoutImage?.url).toBeTruthy();
      expect(record.cutoutImage?.url).not.toBe(made.cutoutImage?.url);
      expect(await jobsOf(again.recordId)).toEqual([]);
      expect(g.engine.calls.cutout).toBe(1);
      const copy = await getFile(g.t, record.cutoutImage?.url ?? "", g.ada);
      const original = await getFile(g.t, made.cutoutImage?.url ?? "", g.ada);
      expect(Buffer.from(await copy.arrayBuffer())).toEqual(
        Buffer.from(await original.arrayBuffer()),
      );

      // Another person's copy of the same photo is theirs to cut out.
      const bobs = await upload(g.t, g.bob, "coffee.png");
      await pollRecord(g.t, g.bob, bobs.recordId, hasCutout);
      expect(g.engine.calls.cutout).toBe(2);
    });

    /** Waits until the upload's cut-out job is running (the engine has it). */
    async function cutoutRunning(recordId: string) {
      for (;;) {
        const [job] = await jobsOf(recordId);
        if (job?.status === "processing" && g.engine.calls.cutout > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }

    async function cutoutEnded(recordId: string) {
      for (;;) {
        const [job] = await jobsOf(recordId);
        if (job?.status === "completed" || job?.status === "failed") return job.status;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }

    /**
     * One job at a time: a first upload's cut-out holds the turn while a second upload's
     * generation is accepted, so that generation comes before its upload's free cut-out in
     * line. With `holdNested`, the cut-out the generation then runs in its turn hangs.
     */
    async function generationBeforeItsCutout({ holdNested }: { holdNested: boolean }) {
      await g.t.container.close();
      g.env.JOB_CONCURRENCY = "1";
      g.t = g.app();
      await subscribeInSandbox(g.t, g.ada, "pro");
      const releaseFirst = g.engine.holdNext("cutout");
      const releaseNested = holdNested ? g.engine.holdNext("cutout") : () => {};
      const first = await upload(g.t, g.ada, "rocket.jpg");
      await cutoutRunning(first.recordId);
      const uploaded = await upload(g.t, g.ada);
      await accepted(await postFal(g.t, "process", processBody(g.ada, uploaded), g.ada));
      releaseFirst();
      return { uploaded, releaseNested };
    }

    it("lets a generation wait for the cut-out being made, then use it", async () => {
      await subscribeInSandbox(g.t, g.ada, "pro");
      const release = g.engine.holdNext("cutout");
      const uploaded = await upload(g.t, g.ada);
      await cutoutRunning(uploaded.recordId);
      await accepted(await postFal(g.t, "process", processBody(g.ada, uploaded), g.ada));
      // The generation shows it is waiting for the subject.
      await pollRecord(g.t, g.ada, uploaded.recordId, (r) => r.stage === "cutting out");
      release();
      const done = await pollRecord(g.t, g.ada, uploaded.recordId);
      expect(done.status).toBe("completed");
      const generation = g.engine.inputs.find(({ kind }) => kind === "generate");
      expect(generation?.input).toHaveProperty("cutout");
      expect(g.engine.calls).toMatchObject({ cutout: 1, generate: 1 });
    });

    it("runs the upload's cut-out still in line in the generation's turn, never twice", async () => {
      const { uploaded } = await generationBeforeItsCutout({ holdNested: false });
      const done = await pollRecord(g.t, g.ada, uploaded.recordId);
      expect(done.status).toBe("completed");
      const generation = g.engine.inputs.find(({ kind }) => kind === "generate");
      expect(generation?.input).toHaveProperty("cutout");
      expect(await cutoutEnded(uploaded.recordId)).toBe("completed");
      expect(g.engine.calls.cutout).toBe(2);
      expect(await filesOf(uploaded.recordId, "cutout")).toHaveLength(1);
    });

    it("never lets a cut-out run in the generation's turn hold it up past a third of its limit", async () => {
      const { uploaded, releaseNested } = await generationBeforeItsCutout({ holdNested: true });
      // The cut-out now run in the generation's turn hangs; the generation goes on without it.
      const done = await pollRecord(g.t, g.ada, uploaded.recordId);
      expect(done.status).toBe("completed");
      const generation = g.engine.inputs.find(({ kind }) => kind === "generate");
      expect(generation?.input).not.toHaveProperty("cutout");
      expect(done.cutoutImage).not.toBeNull();

      releaseNested();
      expect(await cutoutEnded(uploaded.recordId)).toBe("completed");
      expect(await filesOf(uploaded.recordId, "cutout")).toHaveLength(1);
    });

    it("hands a cut-out run in the generation's turn back with it when the server stops", async () => {
      const { uploaded } = await generationBeforeItsCutout({ holdNested: true });
      const attemptsOf = () =>
        database
          .handle()
          .db.selectFrom("image_jobs")
          .select(["kind", "status", "attempts"])
          .where("record_id", "=", uploaded.recordId)
          .orderBy("kind")
          .execute();
      for (;;) {
        const jobs = await attemptsOf();
        if (jobs.every(({ status }) => status === "processing")) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }

      await g.t.container.close();
      expect(await attemptsOf()).toEqual([
        { kind: "cutout", status: "queued", attempts: 0 },
        { kind: "generate", status: "queued", attempts: 0 },
      ]);
      g.t = g.app();
      expect((await pollRecord(g.t, g.ada, uploaded.recordId)).status).toBe("completed");
      expect(await cutoutEnded(uploaded.recordId)).toBe("completed");
    });

    it("never lets a stuck cut-out hold up the upload's jobs, which keep their own cut-out", async () => {
      await subscribeInSandbox(g.t, g.ada, "pro");
      const release = g.engine.holdNext("cutout");
      const uploaded = await upload(g.t, g.ada);
      await cutoutRunning(uploaded.recordId);
      await accepted(await postFal(g.t, "process", processBody(g.ada, uploaded), g.ada));
      const done = await pollRecord(g.t, g.ada, uploaded.recordId);
      expect(done.status).toBe("completed");
      const generation = g.engine.inputs.find(({ kind }) => kind === "generate");
      expect(generation?.input).not.toHaveProperty("cutout");
      // The generation cut the subject out itself: the upload keeps that one.
      expect(done.cutoutImage).not.toBeNull();

      release();
      expect(await cutoutEnded(uploaded.recordId)).toBe("completed");
      const cutouts = await filesOf(uploaded.recordId, "cutout");
      expect(cutouts).toHaveLength(1);
      expect(done.cutoutImage?.url).toContain(`/api/files/${cutouts[0]?.id}.png`);
    });

    it("never keeps the record from being deleted", async () => {
      const release = g.engine.holdNext("cutout");
      const uploaded = await upload(g.t, g.ada, "astronaut.png");
      await cutoutRunning(uploaded.recordId);
      const deleted = await g.t.app.request(`/api/images/${uploaded.recordId}`, {
        method: "DELETE",
        headers: { ...SAME_ORIGIN, ...asCookie(g.ada) },
      });
      expect(deleted.status).toBe(200);
      release();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await jobsOf(uploaded.recordId)).toEqual([]);
      expect(await filesOf(uploaded.recordId)).toEqual([]);
    });

    it("leaves the record as it was when it fails, and the generation cuts out itself", async () => {
      await subscribeInSandbox(g.t, g.ada, "pro");
      g.engine.failNext("cutout", "no-subject");
      const uploaded = await upload(g.t, g.ada);
      for (;;) {
        const [job] = await jobsOf(uploaded.recordId);
        if (job?.status === "failed") break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const record = await pollRecord(g.t, g.ada, uploaded.recordId, () => true);
      expect(record).toMatchObject({ status: "uploaded", error: null, cutoutImage: null });
      const before = await g.tokensOf(g.ada);
      await accepted(await postFal(g.t, "process", processBody(g.ada, uploaded), g.ada));
      expect((await pollRecord(g.t, g.ada, uploaded.recordId)).status).toBe("completed");
      const cost = generationCost(record.width, record.height);
      expect(await g.tokensOf(g.ada)).toBe(before - cost);
      expect(g.engine.calls.cutout).toBe(1);
    });
  });
});

describeEachDatabase("an engine without cut-outs", (database) => {
  describeEachDriver("jobs", (driver) => {
    const g = useGenerationApps(database, driver);

    it("starts no job at upload and answers cutoutImage null", async () => {
      const res = await postUpload(g.t, g.ada, photoBytes("coffee.png"));
      expect(res.status).toBe(200);
      const { savedBaseImage } = (await res.json()) as { savedBaseImage: { _id: string } };
      const record = await pollRecord(g.t, g.ada, savedBaseImage._id, () => true);
      expect(record.cutoutImage).toBeNull();
      const jobs = await database
        .handle()
        .db.selectFrom("image_jobs")
        .select("id")
        .where("record_id", "=", savedBaseImage._id)
        .execute();
      expect(jobs).toEqual([]);
    });
  });
});
