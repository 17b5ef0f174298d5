import {
  generationCost,
  GENERATION_MESSAGES as M,
  PLANS,
  ZEditResponse,
  ZJobAccepted,
} from "@backdrop/shared";
import sharp from "sharp";
import { afterEach, beforeEach, expect, it } from "vitest";
import { DEFAULT_FAL_ENDPOINTS } from "../src/engines/fal/fal-endpoints.ts";
import { describeEachDatabase } from "./helpers/databases.ts";
import { useFalApp } from "./helpers/fal-app.ts";
import {
  getFile,
  photoBytes,
  pollRecord,
  postEdit,
  postFal,
  postUpscale,
  processBody,
  upload,
} from "./helpers/generations.ts";
import type { SignedIn } from "./helpers/identity.ts";
import { adaAndBob, currentUser, subscribeInSandbox } from "./helpers/payments.ts";
import { createTestApp } from "./helpers/test-app.ts";

const ICLIGHT = DEFAULT_FAL_ENDPOINTS.generate;

/** upload → process → poll → upscale → edit over HTTP, with the engine the configuration picks. */
describeEachDatabase("the whole flow on the fal engine", (database) => {
  const app = useFalApp(database, "elite");

  async function dimensions(url: string) {
    const res = await getFile(app.t, url, app.ada);
    expect(res.status).toBe(200);
    return sharp(Buffer.from(await res.arrayBuffer())).metadata();
  }

  it("generates in both modes, upscales and edits through fal", async () => {
    expect(app.t.container.jobs.engine.id).toBe("fal");
    const uploaded = await upload(app.t, app.ada, "rocket.jpg");
    for (const processingMethod of ["realtime", "queue"] as const) {
      const res = await postFal(
        app.t,
        "process",
        processBody(app.ada, uploaded, { processingMethod }),
        app.ada,
      );
      expect(res.status).toBe(200);
      ZJobAccepted.parse(await res.json());
      const record = await pollRecord(app.t, app.ada, uploaded.recordId);
      expect(record.status).toBe("completed");
      expect(await dimensions(record.processedImage?.url ?? "")).toMatchObject({
        width: 640,
        height: 427,
      });
    }
    const submitted =
      app.emulator.callsOf("run", ICLIGHT).length + app.emulator.callsOf("submit", ICLIGHT).length;
    expect(submitted).toBe(2);

    const processed = await pollRecord(app.t, app.ada, uploaded.recordId);
    const upscale = await postFal(
      app.t,
      "upscale",
      {
        imageUrl: processed.processedImage?.url,
        options: { upscale_factor: 2, creativity: 0.35, resemblance: 0.6 },
        savedRecordId: uploaded.recordId,
        userUid: app.ada.id,
      },
      app.ada,
    );
    expect(upscale.status).toBe(200);
    const upscaled = await pollRecord(
      app.t,
      app.ada,
      uploaded.recordId,
      (r) => r.upscaledImage !== null,
    );
    expect(await dimensions(upscaled.upscaledImage?.url ?? "")).toMatchObject({
      width: 1280,
      height: 854,
    });

    const edit = await postEdit(
      app.t,
      app.ada,
      uploaded.recordId,
      processed.processedImage?.url,
      "make it black and white",
    );
    expect(edit.status).toBe(200);
    const { image } = ZEditResponse.parse(await edit.json());
    expect(image.url).toMatch(/\/api\/files\//);
    // Results are copied into our storage: none of fal's URLs reach the user.
    expect(image.url).not.toMatch(/fal/);
    const me = await currentUser(app.t, app.ada);
    expect(me.subscriptionTokens + me.numOfTokens).toBe(PLANS.elite.tokensPerMonth - 8 - 8 - 2 - 2);
  });

  it("makes a generation's takes in one fal call, each charged, all seeded by the one seed", async () => {
    const uploaded = await upload(app.t, app.ada, "coffee.png");
    const body = processBody(app.ada, uploaded, { variations: 3, seed: 1234 });
    expect((await postFal(app.t, "process", body, app.ada)).status).toBe(200);
    const record = await pollRecord(app.t, app.ada, uploaded.recordId);
    expect(record.status).toBe("completed");
    const [call, ...others] = app.emulator.callsOf("run", ICLIGHT);
    expect(others).toHaveLength(0);
    expect(call?.body).toMatchObject({ num_images: 3, seed: 1234 });
    expect(record.variations.map((take) => take.seed)).toEqual([1234, 1234, 1234]);
    expect(new Set(record.variations.map((take) => take.url)).size).toBe(3);
    expect(record.processedImage?.url).toBe(record.variations[0]?.url);
    const me = await currentUser(app.t, app.ada);
    expect(me.subscriptionTokens).toBe(PLANS.elite.tokensPerMonth - 3 * generationCost(600, 400));
  });

  it("charges only the takes fal's safety checker let through, on a plan that refunds", async () => {
    const uploaded = await upload(app.t, app.ada, "coffee.png");
    app.emulator.flagNsfwNext();
    await postFal(app.t, "process", processBody(app.ada, uploaded, { variations: 2 }), app.ada);
    const record = await pollRecord(app.t, app.ada, uploaded.recordId);
    expect(record).toMatchObject({ status: "failed", error: M.modelFailed, variations: [] });
    const me = await currentUser(app.t, app.ada);
    expect(me.subscriptionTokens).toBe(PLANS.elite.tokensPerMonth);
  });

  it("makes a white background locally, a true white, with no call to fal", async () => {
    const uploaded = await upload(app.t, app.ada, "coffee.png");
    const body = processBody(app.ada, uploaded, { prompt: "pure white background" });
    await postFal(app.t, "process", body, app.ada);
    const record = await pollRecord(app.t, app.ada, uploaded.recordId, undefined, 60_000);
    expect(record.status).toBe("completed");
    expect(app.emulator.callsOf("run")).toHaveLength(0);
    expect(app.emulator.callsOf("submit")).toHaveLength(0);
    const res = await getFile(app.t, record.processedImage?.url ?? "", app.ada);
    const { data } = await sharp(Buffer.from(await res.arrayBuffer()))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([255, 255, 255]);
  });

  it("turns fal's refusal into the spec's message and answers a failed edit with it", async () => {
    const uploaded = await upload(app.t, app.ada, "coffee.png");
    app.emulator.flagNsfwNext();
    await postFal(app.t, "process", processBody(app.ada, uploaded), app.ada);
    const record = await pollRecord(app.t, app.ada, uploaded.recordId);
    expect(record).toMatchObject({ status: "failed", error: M.modelFailed });
    // Elite: the failed generation's tokens came back.
    const me = await currentUser(app.t, app.ada);
    expect(me.subscriptionTokens).toBe(PLANS.elite.tokensPerMonth);

    app.emulator.failNext(DEFAULT_FAL_ENDPOINTS.edit, { status: 422 });
    const edit = await postEdit(app.t, app.ada, uploaded.recordId, uploaded.url, "add a hat");
    expect(edit.status).toBe(502);
    expect(await edit.json()).toEqual({ error: M.modelFailed });
  });
});

describeEachDatabase("the whole flow on the default local engine, with no keys set", (database) => {
  let t: ReturnType<typeof createTestApp>;
  let ada: SignedIn;

  beforeEach(async () => {
    t = createTestApp(database.handle(), {
      jobs: { timeLimitMs: 60_000, leaseMs: 10_000, sweepIntervalMs: 1_000 },
    });
    t.container.jobs.start();
    ({ ada } = await adaAndBob(t));
    await subscribeInSandbox(t, ada, "pro");
  });
  afterEach(async () => {
    await t.container.close();
  });

  it("cuts the subject out into the described scene, upscales and edits it", async () => {
    expect(t.container.jobs.engine.id).toBe("local");
    expect(t.container.jobs.driver.id).toBe("inline");
    const uploaded = await upload(t, ada, "coffee.png");
    await postFal(
      t,
      "process",
      processBody(ada, uploaded, { prompt: "on a sandy beach at sunset" }),
      ada,
    );
    const processed = await pollRecord(t, ada, uploaded.recordId, undefined, 60_000);
    expect(processed).toMatchObject({ status: "completed", error: null, stage: null });
    const result = await getFile(t, processed.processedImage?.url ?? "", ada);
    const pixels = await sharp(Buffer.from(await result.arrayBuffer()))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(pixels.info).toMatchObject({ width: 600, height: 400 });
    const original = await sharp(photoBytes("coffee.png")).removeAlpha().raw().toBuffer();
    // The table's corner is gone: a new scene is drawn there.
    const corner = (data: Buffer) => [data[0], data[1], data[2]];
    expect(corner(pixels.data)).not.toEqual(corner(original));

    const upscale = await postUpscale(t, ada, uploaded.recordId, processed.processedImage?.url);
    expect(upscale.status).toBe(200);
    const upscaled = await pollRecord(
      t,
      ada,
      uploaded.recordId,
      (r) => r.upscaledImage !== null,
      60_000,
    );
    const big = await getFile(t, upscaled.upscaledImage?.url ?? "", ada);
    expect(await sharp(Buffer.from(await big.arrayBuffer())).metadata()).toMatchObject({
      width: 1200,
      height: 800,
    });

    const edit = await postEdit(
      t,
      ada,
      uploaded.recordId,
      processed.processedImage?.url,
      "make it black and white",
    );
    expect(edit.status).toBe(200);
    const { image } = ZEditResponse.parse(await edit.json());
    const grey = await sharp(Buffer.from(await (await getFile(t, image.url, ada)).arrayBuffer()))
      .removeAlpha()
      .raw()
      .toBuffer();
    for (const offset of [0, 3 * 1000, 3 * 120_000]) {
      expect(grey[offset]).toBe(grey[offset + 1]);
      expect(grey[offset + 1]).toBe(grey[offset + 2]);
    }
    const me = await currentUser(t, ada);
    expect(me.subscriptionTokens).toBe(PLANS.pro.tokensPerMonth - 8 - 2 - 2);
  }, 120_000);
});
