import { expect, it } from "vitest";
import { describeEachDatabase } from "./helpers/databases.ts";
import { accepted, FAST_JOBS, useGenerationApps } from "./helpers/generation-jobs.ts";
import { getRecord, pollRecord, postFal, processBody, upload } from "./helpers/generations.ts";
import { asCookie } from "./helpers/identity.ts";
import { describeEachDriver } from "./helpers/job-drivers.ts";
import { subscribeInSandbox } from "./helpers/payments.ts";

describeEachDatabase("graceful shutdown", (database) => {
  describeEachDriver("jobs", (driver) => {
    const g = useGenerationApps(database, driver);

    async function generationRunning() {
      await subscribeInSandbox(g.t, g.ada, "pro");
      const uploaded = await upload(g.t, g.ada);
      await accepted(await postFal(g.t, "process", processBody(g.ada, uploaded), g.ada));
      await pollRecord(g.t, g.ada, uploaded.recordId, (record) => record.stage === "composing");
      return uploaded.recordId;
    }

    const jobOf = (recordId: string) =>
      database
        .handle()
        .db.selectFrom("image_jobs")
        .select(["status", "attempts", "lease_until"])
        .where("record_id", "=", recordId)
        .where("kind", "=", "generate")
        .executeTakeFirstOrThrow();

    it("hands a running job back, and the next process finishes it, charged once", async () => {
      g.engine.holdNext("generate");
      const recordId = await generationRunning();
      const tokens = await g.tokensOf(g.ada);

      await g.t.container.close();
      expect(await jobOf(recordId)).toMatchObject({
        status: "queued",
        attempts: 0,
        lease_until: null,
      });
      expect((await getRecord(g.t, g.ada, recordId)).status).toBe("queued");
      g.t = g.app();

      const done = await pollRecord(g.t, g.ada, recordId);
      expect(done.status).toBe("completed");
      expect(await jobOf(recordId)).toMatchObject({ status: "completed", attempts: 1 });
      expect(await g.tokensOf(g.ada)).toBe(tokens);
    });

    it("lets a job that ends within the grace finish instead", async () => {
      await g.t.container.close();
      g.t = g.app({ ...FAST_JOBS, shutdownGraceMs: 600_000 });
      const release = g.engine.holdNext("generate");
      const recordId = await generationRunning();

      const closed = g.t.container.close();
      release();
      await closed;
      expect(await jobOf(recordId)).toMatchObject({ status: "completed", attempts: 1 });
    });

    it("ends open event streams as soon as the server begins to close", async () => {
      const uploaded = await upload(g.t, g.ada);
      const res = await g.t.app.request(`/api/fal/images/${uploaded.recordId}/events`, {
        headers: asCookie(g.ada),
      });
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let text = "";
      while (!text.includes("event: record")) {
        const { value, done } = await reader.read();
        if (done) throw new Error("stream ended before its first record");
        text += decoder.decode(value);
      }
      expect(text).toContain("retry: 1000");

      g.t.container.closing.abort();
      for (;;) {
        const { done } = await reader.read();
        if (done) break;
      }
    });
  });
});
