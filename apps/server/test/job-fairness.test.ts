import { expect, it } from "vitest";
import { describeEachDatabase } from "./helpers/databases.ts";
import { accepted, FAST_JOBS, useGenerationApps } from "./helpers/generation-jobs.ts";
import { pollRecord, postFal, processBody, upload } from "./helpers/generations.ts";
import type { SignedIn } from "./helpers/identity.ts";
import { describeEachDriver } from "./helpers/job-drivers.ts";
import { subscribeInSandbox } from "./helpers/payments.ts";

/** A batch goes through the ordinary queue without starving anyone (issue 14, point 6). */
describeEachDatabase("the order jobs run in", (database) => {
  describeEachDriver("jobs", (driver) => {
    const g = useGenerationApps(database, driver);

    async function generate(user: SignedIn, prompt: string) {
      const uploaded = await upload(g.t, user, "coffee.png");
      const body = { ...processBody(user, uploaded), prompt };
      await accepted(await postFal(g.t, "process", body, user));
      return uploaded.recordId;
    }

    it("runs another user's job before the rest of one user's batch", async () => {
      // One job at a time, so the order is the queue's alone.
      await g.t.container.close();
      g.env.JOB_CONCURRENCY = "1";
      g.t = g.app(FAST_JOBS);
      await subscribeInSandbox(g.t, g.ada, "elite");
      await subscribeInSandbox(g.t, g.bob, "elite");
      const release = g.engine.holdNext("generate");
      const first = await generate(g.ada, "ada 1");
      await pollRecord(g.t, g.ada, first, (record) => record.status === "processing");
      const rest = [
        await generate(g.ada, "ada 2"),
        await generate(g.ada, "ada 3"),
        await generate(g.ada, "ada 4"),
      ];
      const bobs = await generate(g.bob, "bob 1");
      release();
      for (const recordId of rest) await pollRecord(g.t, g.ada, recordId);
      await pollRecord(g.t, g.bob, bobs);
      const order = g.engine.inputs.map(({ input }) => (input as { prompt: string }).prompt);
      expect(order).toEqual(["ada 1", "ada 2", "bob 1", "ada 3", "ada 4"]);
    });
  });
});
