import { GALLERY_MESSAGES, GENERATION_MESSAGES as M } from "@backdrop/shared";
import { unzipSync } from "fflate";
import sharp from "sharp";
import { expect, it } from "vitest";
import { describeEachDatabase } from "./helpers/databases.ts";
import { accepted, useGenerationApps } from "./helpers/generation-jobs.ts";
import { getFile, pollRecord, postFal, processBody, upload } from "./helpers/generations.ts";
import { asCookie, SAME_ORIGIN, type SignedIn } from "./helpers/identity.ts";
import { describeEachDriver } from "./helpers/job-drivers.ts";
import { subscribeInSandbox } from "./helpers/payments.ts";

/** POST /api/images/archive: "Download all" of a batch, as one ZIP (issue 14, point 6). */
describeEachDatabase("downloading results as a ZIP", (database) => {
  describeEachDriver("jobs", (driver) => {
    const g = useGenerationApps(database, driver);

    function archive(user: SignedIn | null, body: unknown) {
      return g.t.app.request("/api/images/archive", {
        method: "POST",
        headers: {
          ...SAME_ORIGIN,
          "Content-Type": "application/json",
          ...(user ? asCookie(user) : {}),
        },
        body: JSON.stringify(body),
      });
    }

    async function generated(prompt: string, photo: "coffee.png" | "rocket.jpg") {
      const uploaded = await upload(g.t, g.ada, photo);
      const body = { ...processBody(g.ada, uploaded), prompt };
      await accepted(await postFal(g.t, "process", body, g.ada));
      const record = await pollRecord(g.t, g.ada, uploaded.recordId);
      expect(record.status).toBe("completed");
      return record;
    }

    it("streams the chosen results with readable names, the owner's records only", async () => {
      await subscribeInSandbox(g.t, g.ada, "pro");
      const first = await generated("On a marble counter, morning light!", "coffee.png");
      const second = await generated("sandy beach at sunset", "rocket.jpg");
      const unfinished = await upload(g.t, g.ada, "coffee.png");

      const res = await archive(g.ada, { ids: [first._id, second._id, unfinished.recordId] });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/zip");
      expect(res.headers.get("content-disposition")).toBe(
        'attachment; filename="backdrop-images.zip"',
      );
      const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
      // Named after each photo's own file name and its scene (downloadFileName).
      expect(Object.keys(files)).toEqual([
        "coffee__marble-counter-morning-light.png",
        "rocket__sandy-beach-sunset.png",
      ]);
      const served = await getFile(g.t, first.processedImage?.url ?? "", g.ada);
      const zipped = files["coffee__marble-counter-morning-light.png"] ?? new Uint8Array();
      expect(Buffer.from(zipped)).toEqual(Buffer.from(await served.arrayBuffer()));
      expect((await sharp(zipped).metadata()).format).toBe("png");

      // Anyone else's record, or one that does not exist, refuses the whole download.
      const bobs = await archive(g.bob, { ids: [first._id] });
      expect(bobs.status).toBe(404);
      expect(await bobs.json()).toEqual({ error: M.recordNotFound });
      expect((await archive(g.ada, { ids: [first._id, "no-such-record"] })).status).toBe(404);
      expect((await archive(null, { ids: [first._id] })).status).toBe(401);
    });

    it("refuses an empty list, more than 50, and records without a result", async () => {
      const uploaded = await upload(g.t, g.ada, "coffee.png");
      for (const ids of [[], Array.from({ length: 51 }, (_, i) => `record-${i}`), "all"]) {
        const res = await archive(g.ada, { ids });
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({ error: GALLERY_MESSAGES.archiveIds });
      }
      const empty = await archive(g.ada, { ids: [uploaded.recordId] });
      expect(empty.status).toBe(400);
      expect(await empty.json()).toEqual({ error: GALLERY_MESSAGES.archiveEmpty });
    });
  });
});
