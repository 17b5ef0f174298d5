import { expect, it } from "vitest";
import { describeEachDatabase } from "./helpers/databases.ts";
import { accepted, useGenerationApps } from "./helpers/generation-jobs.ts";
import {
  getFile,
  getRecord,
  pollRecord,
  postFal,
  processBody,
  upload,
} from "./helpers/generations.ts";
import { describeEachDriver } from "./helpers/job-drivers.ts";
import { subscribeInSandbox } from "./helpers/payments.ts";

const WITH_SETTINGS = "?with=settings";

/**
 * What the studio reads back to fill its form again: an upload, by its record, before any
 * generation (a kept draft), and a record's prompt and choices after one ("Open in studio").
 */
describeEachDatabase("a record's photo and choices read back", (database) => {
  describeEachDriver("jobs", (driver) => {
    const g = useGenerationApps(database, driver);

    it("reads an upload as its photo with no choices, then the generation's choices", async () => {
      await subscribeInSandbox(g.t, g.ada, "pro");
      const uploaded = await upload(g.t, g.ada, "coffee.png");

      const before = await getRecord(g.t, g.ada, uploaded.recordId, WITH_SETTINGS);
      expect(before).toMatchObject({ status: "uploaded", prompt: null, settings: null });
      expect(before.originalImage.url).toBe(uploaded.url);
      expect((await getFile(g.t, before.originalImage.url, g.ada)).status).toBe(200);

      const choices = { processingMethod: "queue", shadow: "soft", aspect: "1:1", variations: 2 };
      await accepted(await postFal(g.t, "process", processBody(g.ada, uploaded, choices), g.ada));
      const polled = await pollRecord(g.t, g.ada, uploaded.recordId);
      expect(polled.status).toBe("completed");
      // The poll leaves the choices out (one query a read); "Open in studio" asks for them.
      expect(polled.settings).toBeUndefined();
      const done = await getRecord(g.t, g.ada, uploaded.recordId, WITH_SETTINGS);
      expect(done.prompt).toBe("on a marble counter, morning light");
      expect(done.settings).toEqual({
        method: "queue",
        shadow: "soft",
        aspect: "1:1",
        takes: 2,
        relightProduct: false,
        exactProduct: false,
      });
    });
  });
});
