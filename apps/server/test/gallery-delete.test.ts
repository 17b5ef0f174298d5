import {
  GALLERY_MESSAGES,
  GENERATION_MESSAGES as M,
  storageQuotaMessage,
  ZDeleteImageResponse,
  ZImageRecord,
} from "@backdrop/shared";
import { expect, it, vi } from "vitest";
import { createKeptScenes } from "../src/services/generations/records/kept-scenes.ts";
import { storageKeysOf } from "../src/services/generations/records/record-removal.ts";
import { describeEachDatabase } from "./helpers/databases.ts";
import { accepted, useGenerationApps } from "./helpers/generation-jobs.ts";
import {
  getFile,
  photoBytes,
  pollRecord,
  postEdit,
  postFal,
  postUpload,
  postUpscale,
  processBody,
  upload,
} from "./helpers/generations.ts";
import { asBearer, asCookie, SAME_ORIGIN, type SignedIn } from "./helpers/identity.ts";
import { describeEachDriver } from "./helpers/job-drivers.ts";
import { subscribeInSandbox } from "./helpers/payments.ts";

/** DELETE /api/images/:recordId: the gallery's delete, and what it leaves behind (nothing). */
describeEachDatabase("deleting an image", (database) => {
  describeEachDriver("jobs", (driver) => {
    const g = useGenerationApps(database, driver);

    const records = () => g.t.container.repositories.generations.records;
    const storage = () => g.t.container.storage;

    function deleteImage(recordId: string, user: SignedIn | null, headers = SAME_ORIGIN) {
      return g.t.app.request(`/api/images/${recordId}`, {
        method: "DELETE",
        headers: { ...headers, ...(user ? asCookie(user) : {}) },
      });
    }

    async function galleryIds(user: SignedIn) {
      const res = await g.t.app.request(`/api/images/${user.id}`, { headers: asCookie(user) });
      expect(res.status).toBe(200);
      return ZImageRecord.array()
        .parse(await res.json())
        .map((record) => record._id);
    }

    /** The record's file rows and every storage key they leave, with the bytes under each. */
    async function leftovers(recordId: string) {
      const files = await records().filesOfRecord(recordId);
      const keys = files.flatMap(storageKeysOf);
      const stored = await Promise.all(keys.map((key) => storage().get(key)));
      return { files, keys: keys.filter((_, index) => stored[index] !== null) };
    }

    /** The balance is what the ledger adds up to: nothing moved outside it. */
    async function ledgerAddsUp(user: SignedIn) {
      const sums = await g.t.container.repositories.tokenLedger.sums(user.id);
      expect(sums.numOfTokens + sums.subscriptionTokens).toBe(await g.tokensOf(user));
    }

    async function jobsOf(recordId: string) {
      return database
        .handle()
        .db.selectFrom("image_jobs")
        .select("id")
        .where("record_id", "=", recordId)
        .execute();
    }

    /** An upload taken through a generation, an upscale and an edit, all thumbnails built. */
    async function fullRecord(user: SignedIn) {
      await subscribeInSandbox(g.t, user, "pro");
      const uploaded = await upload(g.t, user, "coffee.png");
      await accepted(await postFal(g.t, "process", processBody(user, uploaded), user));
      const processed = await pollRecord(g.t, user, uploaded.recordId);
      const processedUrl = processed.processedImage?.url ?? "";
      await accepted(await postUpscale(g.t, user, uploaded.recordId, processedUrl));
      await pollRecord(g.t, user, uploaded.recordId, (r) => r.upscaledImage !== null);
      const edit = await postEdit(g.t, user, uploaded.recordId, processedUrl, "make it sepia");
      expect(edit.status).toBe(200);
      const record = await pollRecord(g.t, user, uploaded.recordId);
      const urls = [
        record.originalImage.url,
        processedUrl,
        record.upscaledImage?.url ?? "",
        ...record.aiGeneratedImages.map((image) => image.url),
      ];
      expect(urls).toHaveLength(4);
      for (const url of urls) {
        expect((await getFile(g.t, `${url}?size=thumb`, user)).status).toBe(200);
      }
      // The engine's kept scene beside the processed result, as the local engine leaves it.
      const file = (await records().filesOfRecord(uploaded.recordId)).find(
        (candidate) => candidate.kind === "processed",
      );
      if (!file) throw new Error("no processed file");
      await createKeptScenes(storage()).save(file, {
        cutout: Buffer.from("cut-out"),
        state: { setting: "marble" },
      });
      return { recordId: uploaded.recordId, urls };
    }

    it("removes the owner's record, its files, thumbnails, kept scenes and jobs, charging nothing", async () => {
      const kept = await upload(g.t, g.ada, "rocket.jpg");
      const { recordId, urls } = await fullRecord(g.ada);
      const before = await leftovers(recordId);
      expect(before.files).toHaveLength(4);
      // Each file's bytes, display copy (made as it was saved) and thumbnail, and the processed
      // image's kept scene.
      expect(before.keys).toHaveLength(4 * 3 + 2);
      expect(await jobsOf(recordId)).toHaveLength(3);
      const tokens = await g.tokensOf(g.ada);
      const usedBefore = await records().storedBytesOf(g.ada.id);

      const res = await deleteImage(recordId, g.ada);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(ZDeleteImageResponse.parse(await res.json())).toEqual({ ok: true });

      expect(await galleryIds(g.ada)).toEqual([kept.recordId]);
      const record = await g.t.app.request(`/api/fal/images/${recordId}`, {
        headers: asCookie(g.ada),
      });
      expect(record.status).toBe(404);
      expect(await record.json()).toEqual({ error: M.recordNotFound });
      for (const url of urls) {
        expect((await getFile(g.t, url, g.ada)).status).toBe(404);
        expect((await getFile(g.t, `${url}?size=thumb`, g.ada)).status).toBe(404);
        expect((await getFile(g.t, `${url}?size=display`, g.ada)).status).toBe(404);
      }
      for (const key of before.keys) expect(await storage().get(key)).toBeNull();
      expect(await records().filesOfRecord(recordId)).toEqual([]);
      expect(await jobsOf(recordId)).toEqual([]);
      // The quota counts what is stored: the record's bytes are free again.
      const freed = before.files.reduce((sum, file) => sum + file.byteSize, 0);
      expect(await records().storedBytesOf(g.ada.id)).toBe(usedBefore - freed);
      expect(await g.tokensOf(g.ada)).toBe(tokens);
      // The other record is untouched.
      expect((await getFile(g.t, kept.url, g.ada)).status).toBe(200);

      // Gone is gone: a second delete finds nothing.
      expect((await deleteImage(recordId, g.ada)).status).toBe(404);
    });

    it("answers 404 for another user's record, 401 signed out, 403 from a foreign page, removing nothing", async () => {
      const uploaded = await upload(g.t, g.ada, "coffee.png");
      await getFile(g.t, `${uploaded.url}?size=thumb`, g.ada);
      const before = await leftovers(uploaded.recordId);
      // The upload, its display copy and its thumbnail.
      expect(before.keys).toHaveLength(3);

      const bobs = await deleteImage(uploaded.recordId, g.bob);
      expect(bobs.status).toBe(404);
      expect(await bobs.json()).toEqual({ error: M.recordNotFound });
      const unknown = await deleteImage("00000000-0000-4000-8000-000000000000", g.bob);
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ error: M.recordNotFound });

      expect((await deleteImage(uploaded.recordId, null)).status).toBe(401);
      const foreign = await deleteImage(uploaded.recordId, g.ada, {
        origin: "https://evil.example",
      });
      expect(foreign.status).toBe(403);

      expect(await galleryIds(g.ada)).toEqual([uploaded.recordId]);
      expect(await leftovers(uploaded.recordId)).toEqual(before);

      // An API client's bearer token works like the session cookie.
      const res = await g.t.app.request(`/api/images/${uploaded.recordId}`, {
        method: "DELETE",
        headers: asBearer(g.ada),
      });
      expect(res.status).toBe(200);
      expect(await galleryIds(g.ada)).toEqual([]);
    });

    it("refuses with 409 while a job runs, then charges that job normally and deletes after it", async () => {
      await subscribeInSandbox(g.t, g.ada, "starter");
      const uploaded = await upload(g.t, g.ada, "coffee.png");
      const release = g.engine.holdNext("generate");
      await accepted(await postFal(g.t, "process", processBody(g.ada, uploaded), g.ada));
      const charged = await g.tokensOf(g.ada);

      const refused = await deleteImage(uploaded.recordId, g.ada);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({ error: GALLERY_MESSAGES.deleteWhileProcessing });
      expect(await galleryIds(g.ada)).toEqual([uploaded.recordId]);
      expect((await getFile(g.t, uploaded.url, g.ada)).status).toBe(200);

      release();
      const done = await pollRecord(g.t, g.ada, uploaded.recordId);
      expect(done.status).toBe("completed");
      expect(await g.tokensOf(g.ada)).toBe(charged);

      expect((await deleteImage(uploaded.recordId, g.ada)).status).toBe(200);
      expect(await galleryIds(g.ada)).toEqual([]);
      expect(await g.tokensOf(g.ada)).toBe(charged);
    });

    it("never charges for a job accepted at the moment its record is deleted", async () => {
      await subscribeInSandbox(g.t, g.ada, "starter");
      let tokens = await g.tokensOf(g.ada);
      for (let round = 0; round < 4; round += 1) {
        const uploaded = await upload(g.t, g.ada, "rocket.jpg");
        const [processed, deleted] = await Promise.all([
          postFal(g.t, "process", processBody(g.ada, uploaded), g.ada),
          deleteImage(uploaded.recordId, g.ada),
        ]);
        if (deleted.status === 200) {
          // The record went first: the job was never taken, nor paid for, and said so.
          expect(processed.status).toBe(404);
          expect(await processed.json()).toEqual({ error: M.recordNotFound });
          expect(await galleryIds(g.ada)).not.toContain(uploaded.recordId);
        } else {
          // The job went first: it runs and is paid for, and the delete waits for its end.
          expect(deleted.status).toBe(409);
          expect(processed.status).toBe(200);
          expect((await pollRecord(g.t, g.ada, uploaded.recordId)).status).toBe("completed");
          tokens -= 8;
        }
        expect(await g.tokensOf(g.ada)).toBe(tokens);
        await ledgerAddsUp(g.ada);
      }
    });

    it("answers 404, never 500, to a job whose record is deleted after its checks passed", async () => {
      await subscribeInSandbox(g.t, g.ada, "pro");
      const tokens = await g.tokensOf(g.ada);
      const driver = g.t.container.jobs.driver;
      // The delete lands between the request's checks and its debit, every time.
      for (const kind of ["process", "upscale", "edit"] as const) {
        const uploaded = await upload(g.t, g.ada, "coffee.png");
        vi.spyOn(driver, "accepting").mockImplementationOnce(async () => {
          expect((await deleteImage(uploaded.recordId, g.ada)).status).toBe(200);
          return true;
        });
        const res =
          kind === "process"
            ? await postFal(g.t, "process", processBody(g.ada, uploaded), g.ada)
            : kind === "upscale"
              ? await postUpscale(g.t, g.ada, uploaded.recordId, uploaded.url)
              : await postEdit(g.t, g.ada, uploaded.recordId, uploaded.url, "make it sepia");
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ error: M.recordNotFound });
        expect(await g.tokensOf(g.ada)).toBe(tokens);
        expect(await jobsOf(uploaded.recordId)).toEqual([]);
      }
      await ledgerAddsUp(g.ada);
      expect(g.engine.calls).toMatchObject({ generate: 0, upscale: 0, edit: 0 });
    });

    it("answers 404 to a job whose record is deleted between its read and its photo's", async () => {
      await subscribeInSandbox(g.t, g.ada, "starter");
      const tokens = await g.tokensOf(g.ada);
      const uploaded = await upload(g.t, g.ada, "coffee.png");
      const findFile = records().findFile.bind(records());
      vi.spyOn(records(), "findFile").mockImplementationOnce(async (fileId) => {
        expect((await deleteImage(uploaded.recordId, g.ada)).status).toBe(200);
        return findFile(fileId);
      });
      const res = await postFal(g.t, "process", processBody(g.ada, uploaded), g.ada);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: M.recordNotFound });
      expect(await g.tokensOf(g.ada)).toBe(tokens);
      expect(await jobsOf(uploaded.recordId)).toEqual([]);
    });

    it("frees the storage quota, so an upload refused for room is taken after a delete", async () => {
      await g.t.container.close();
      g.env = { ...g.env, FREE_STORAGE_QUOTA_MB: "1" };
      g.t = g.app();
      const first = await upload(g.t, g.ada, "astronaut.png");
      const refused = await postUpload(g.t, g.ada, photoBytes("coffee.png"));
      expect(refused.status).toBe(413);
      expect(await refused.json()).toEqual({ error: storageQuotaMessage(1_000_000) });

      expect((await deleteImage(first.recordId, g.ada)).status).toBe(200);
      expect(await records().storedBytesOf(g.ada.id)).toBe(0);
      const second = await upload(g.t, g.ada, "coffee.png");
      expect(await galleryIds(g.ada)).toEqual([second.recordId]);
    });
  });
});
