import {
  GENERATION_MESSAGES as M,
  type TImageRecord,
  TOKEN_COSTS,
  ZImageRecord,
} from "@backdrop/shared";
import sharp from "sharp";
import { expect, it } from "vitest";
import { describeEachDatabase } from "./helpers/databases.ts";
import { accepted, useGenerationApps } from "./helpers/generation-jobs.ts";
import {
  bytesOf,
  pollRecord,
  postEdit,
  postFal,
  postUpscale,
  processBody,
  upload,
} from "./helpers/generations.ts";
import { asCookie, SAME_ORIGIN, type SignedIn } from "./helpers/identity.ts";
import { describeEachDriver } from "./helpers/job-drivers.ts";
import { useLocalEngineApp } from "./helpers/local-app.ts";
import { subscribeInSandbox } from "./helpers/payments.ts";
import type { TestApp } from "./helpers/test-app.ts";

function choose(t: TestApp, user: SignedIn, recordId: string, body: unknown) {
  return t.app.request(`/api/fal/images/${recordId}/choose`, {
    method: "POST",
    headers: { ...SAME_ORIGIN, "Content-Type": "application/json", ...asCookie(user) },
    body: JSON.stringify(body),
  });
}

/** Issue 14, point 2: several takes of one generation, each charged as one, and a choice. */
describeEachDatabase("variations", (database) => {
  describeEachDriver("jobs", (driver) => {
    const g = useGenerationApps(database, driver);
    const seedsSent = () =>
      g.engine.inputs
        .filter(({ kind }) => kind === "generate")
        .map(({ input }) => (input as { seed: number }).seed);

    it("charges each take, answers them with their seeds, and lets the owner choose one", async () => {
      await subscribeInSandbox(g.t, g.ada, "pro");
      const uploaded = await upload(g.t, g.ada, "coffee.png");
      const before = await g.tokensOf(g.ada);
      const body = { ...processBody(g.ada, uploaded), variations: 3, seed: 100 };
      await accepted(await postFal(g.t, "process", body, g.ada));
      // coffee.png is one started megapixel: 8 tokens a take.
      expect(await g.tokensOf(g.ada)).toBe(before - 24);
      const record = await pollRecord(g.t, g.ada, uploaded.recordId);
      expect(record.status).toBe("completed");
      expect(record.variations.map(({ seed }) => seed)).toEqual([100, 101, 102]);
      expect(new Set(record.variations.map(({ url }) => url)).size).toBe(3);
      expect(record.processedImage?.url).toBe(record.variations[0]?.url);
      expect(seedsSent()).toEqual([100, 101, 102]);

      const chosen = await choose(g.t, g.ada, uploaded.recordId, { index: 2 });
      expect(chosen.status).toBe(200);
      const after = ZImageRecord.parse(await chosen.json());
      expect(after.processedImage?.url).toBe(record.variations[2]?.url);
      expect(after.variations).toEqual(record.variations);
      await accepted(await postUpscale(g.t, g.ada, uploaded.recordId, after.processedImage?.url));
      const upscaled = await pollRecord(g.t, g.ada, uploaded.recordId, (r) => !!r.upscaledImage);
      expect(upscaled.processedImage?.url).toBe(record.variations[2]?.url);
      expect(upscaled.upscaledImage).not.toBeNull();

      // Choosing again drops the upscale of the take chosen before.
      const back = ZImageRecord.parse(
        await (await choose(g.t, g.ada, uploaded.recordId, { index: 0 })).json(),
      );
      expect(back.processedImage?.url).toBe(record.variations[0]?.url);
      expect(back.upscaledImage).toBeNull();
    });

    it("upscales and edits only the chosen take, refusing another before any charge", async () => {
      await subscribeInSandbox(g.t, g.ada, "pro");
      const uploaded = await upload(g.t, g.ada, "coffee.png");
      const body = { ...processBody(g.ada, uploaded), variations: 2 };
      await accepted(await postFal(g.t, "process", body, g.ada));
      const record = await pollRecord(g.t, g.ada, uploaded.recordId);
      const [first, second] = record.variations.map(({ url }) => url);
      expect(record.processedImage?.url).toBe(first);
      const tokens = await g.tokensOf(g.ada);

      // Take 2 while take 1 is the chosen one: refused, nothing charged, no job.
      for (const res of [
        await postUpscale(g.t, g.ada, uploaded.recordId, second),
        await postEdit(g.t, g.ada, uploaded.recordId, second, "make it sepia"),
      ]) {
        expect(res.status).toBe(409);
        expect(await res.json()).toEqual({ error: M.takeNotChosen });
      }
      expect(await g.tokensOf(g.ada)).toBe(tokens);
      expect(g.engine.calls).toMatchObject({ upscale: 0, edit: 0 });
      const unchanged = await pollRecord(g.t, g.ada, uploaded.recordId);
      expect(unchanged).toMatchObject({ status: "completed", upscaledImage: null });
      expect(unchanged.processedImage?.url).toBe(first);

      // Chosen, it is taken; the one chosen before is now refused in its turn.
      expect((await choose(g.t, g.ada, uploaded.recordId, { index: 1 })).status).toBe(200);
      expect((await postUpscale(g.t, g.ada, uploaded.recordId, first)).status).toBe(409);
      await accepted(await postUpscale(g.t, g.ada, uploaded.recordId, second));
      const upscaled = await pollRecord(g.t, g.ada, uploaded.recordId, (r) => !!r.upscaledImage);
      expect(upscaled.processedImage?.url).toBe(second);
      const source = g.engine.inputs.find(({ kind }) => kind === "upscale")?.input as {
        image: { bytes: Buffer };
      };
      expect(source.image.bytes.equals(await bytesOf(g.t, g.ada, second))).toBe(true);
      expect(await g.tokensOf(g.ada)).toBe(tokens - TOKEN_COSTS.upscale);
    });

    it("refuses a choice of someone else's record, or of a take that is not there", async () => {
      await subscribeInSandbox(g.t, g.ada, "pro");
      const uploaded = await upload(g.t, g.ada, "coffee.png");
      const body = { ...processBody(g.ada, uploaded), variations: 2 };
      await accepted(await postFal(g.t, "process", body, g.ada));
      await pollRecord(g.t, g.ada, uploaded.recordId);
      expect((await choose(g.t, g.bob, uploaded.recordId, { index: 1 })).status).toBe(404);
      const missing = await choose(g.t, g.ada, uploaded.recordId, { index: 2 });
      expect(missing.status).toBe(400);
      expect(await missing.json()).toEqual({ error: M.noSuchVariation });
      for (const index of [-1, 0.5, "1"]) {
        const res = await choose(g.t, g.ada, uploaded.recordId, { index });
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({
          error: "index must be the number of one of the image's variations, from 0",
        });
      }
      const fresh = await upload(g.t, g.ada, "rocket.jpg");
      expect((await choose(g.t, g.ada, fresh.recordId, { index: 0 })).status).toBe(400);
    });

    it("refuses bad variations and seeds, and a total the balance cannot pay, taking nothing", async () => {
      await subscribeInSandbox(g.t, g.ada, "pro");
      const uploaded = await upload(g.t, g.ada, "coffee.png");
      const before = await g.tokensOf(g.ada);
      const refused = async (extra: Record<string, unknown>, status: number, error: string) => {
        const res = await postFal(
          g.t,
          "process",
          { ...processBody(g.ada, uploaded), ...extra },
          g.ada,
        );
        expect(res.status).toBe(status);
        expect(await res.json()).toEqual({ error });
      };
      for (const variations of [0, 5, 1.5, "2", null]) {
        await refused({ variations }, 400, "variations must be a whole number from 1 to 4");
      }
      for (const seed of [-1, 2.5, 2 ** 31, "7", null]) {
        await refused({ seed }, 400, "seed must be a whole number from 0 to 2147483647");
      }
      await database
        .handle()
        .db.updateTable("user_profiles")
        .set({ subscription_tokens: 31, num_of_tokens: 0 })
        .where("user_id", "=", g.ada.id)
        .execute();
      await refused({ variations: 4 }, 402, M.notEnoughTokens);
      expect(await g.tokensOf(g.ada)).toBe(31);
      expect(before).toBeGreaterThan(31);
      expect(g.engine.calls.generate).toBe(0);
    });

    it("gives back a take the platform failed to make, and every take when none is made", async () => {
      await subscribeInSandbox(g.t, g.ada, "pro");
      const uploaded = await upload(g.t, g.ada, "coffee.png");
      const before = await g.tokensOf(g.ada);
      g.engine.failNext("generate", "unavailable");
      const body = { ...processBody(g.ada, uploaded), variations: 2, seed: 7 };
      await accepted(await postFal(g.t, "process", body, g.ada));
      const record = await pollRecord(g.t, g.ada, uploaded.recordId);
      expect(record.status).toBe("completed");
      expect(record.variations.map(({ seed }) => seed)).toEqual([8]);
      expect(await g.tokensOf(g.ada)).toBe(before - 8);

      g.engine.failNext("generate", "unavailable");
      g.engine.failNext("generate", "unavailable");
      await accepted(await postFal(g.t, "process", body, g.ada));
      const failed = await pollRecord(g.t, g.ada, uploaded.recordId);
      expect(failed.status).toBe("failed");
      expect(failed.variations).toEqual([]);
      expect(await g.tokensOf(g.ada)).toBe(before - 8);
    });
  });
});

describeEachDatabase("a seed on the local engine", (database) => {
  const app = useLocalEngineApp(database);

  async function generated(extra: Record<string, unknown>): Promise<TImageRecord> {
    const uploaded = await upload(app.t, app.ada, "rocket.jpg");
    const body = {
      ...processBody(app.ada, uploaded, { prompt: "on a sandy beach at sunset" }),
      ...extra,
    };
    await accepted(await postFal(app.t, "process", body, app.ada));
    const record = await pollRecord(app.t, app.ada, uploaded.recordId, undefined, 30_000);
    expect(record.status).toBe("completed");
    return record;
  }

  it("gives the same image for the same photo, prompt, settings and seed, and others for others", async () => {
    const single = await generated({ seed: 42 });
    const again = await generated({ seed: 42 });
    const takes = await generated({ seed: 41, variations: 2 });
    // Pixels, not bytes: each file's signed Content Credentials are its own.
    const pixelsOf = async (url: string | undefined) =>
      sharp(await bytesOf(app.t, app.ada, url))
        .raw()
        .toBuffer();
    const image = await pixelsOf(single.processedImage?.url);
    expect(await pixelsOf(again.processedImage?.url)).toEqual(image);
    expect(takes.variations.map(({ seed }) => seed)).toEqual([41, 42]);
    expect(await pixelsOf(takes.variations[1]?.url)).toEqual(image);
    expect(await pixelsOf(takes.variations[0]?.url)).not.toEqual(image);
  });
});
