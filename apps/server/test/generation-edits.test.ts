import { GENERATION_MESSAGES as M, PLANS, ZEditResponse, ZJobAccepted } from "@backdrop/shared";
import sharp from "sharp";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createLocalEngine } from "../src/engines/local/local.engine.ts";
import { readSceneState } from "../src/engines/local/scene-state/index.ts";
import { createFileUrls } from "../src/services/generations/records/file-urls.ts";
import { createKeptScenes } from "../src/services/generations/records/kept-scenes.ts";
import { describeEachDatabase } from "./helpers/databases.ts";
import {
  bytesOf,
  getFile,
  pollRecord,
  postEdit,
  postFal,
  postUpscale,
  processBody,
  upload,
} from "./helpers/generations.ts";
import type { SignedIn } from "./helpers/identity.ts";
import { adaAndBob, balanceOf, subscribeInSandbox } from "./helpers/payments.ts";
import { middleCutout } from "./helpers/stand-in-cutout.ts";
import { APP_URL, createTestApp } from "./helpers/test-app.ts";

const FAST_JOBS = { timeLimitMs: 20_000, leaseMs: 5_000, sweepIntervalMs: 200 };

describeEachDatabase("edits on the local engine", (database) => {
  let t: ReturnType<typeof createTestApp>;
  let ada: SignedIn;

  beforeEach(async () => {
    t = createTestApp(database.handle(), {
      engine: createLocalEngine({ cutout: middleCutout }),
      jobs: FAST_JOBS,
    });
    t.container.jobs.start();
    ({ ada } = await adaAndBob(t));
    await subscribeInSandbox(t, ada, "pro");
  });
  afterEach(async () => {
    await t.container.close();
  });

  const tokensOf = (user: SignedIn) => balanceOf(t, user);
  const ledgerOf = (user: SignedIn) => t.container.repositories.tokenLedger.listForUser(user.id);

  /** The scene state kept beside the stored file a URL names. */
  async function keptStateOf(url: string) {
    const id = createFileUrls(APP_URL).fileIdOf(url);
    const file = id ? await t.container.repositories.generations.records.findFile(id) : undefined;
    if (!file) throw new Error(`No stored file for ${url}`);
    const kept = await createKeptScenes(t.container.storage).load(file);
    return kept && readSceneState(kept.state);
  }

  async function generated(prompt = "on a wooden table") {
    const uploaded = await upload(t, ada, "coffee.png");
    const body = processBody(ada, uploaded, { prompt });
    const res = await postFal(t, "process", body, ada);
    expect(res.status).toBe(200);
    ZJobAccepted.parse(await res.json());
    const record = await pollRecord(t, ada, uploaded.recordId);
    expect(record.status).toBe("completed");
    return { ...uploaded, processedUrl: record.processedImage?.url ?? "" };
  }

  async function edited(recordId: string, imageUrl: string, prompt: string) {
    const res = await postEdit(t, ada, recordId, imageUrl, prompt);
    expect(res.status).toBe(200);
    return ZEditResponse.parse(await res.json()).image.url;
  }

  async function expectRefused(res: Response, message: string) {
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: message });
  }

  it("refuses an edit it cannot honour before charging anything", async () => {
    const made = await generated();
    const [tokens, ledger] = [await tokensOf(ada), await ledgerOf(ada)];
    expect(tokens).toBe(PLANS.pro.tokensPerMonth - 8);

    await expectRefused(
      await postEdit(t, ada, made.recordId, made.processedUrl, "add a dog wearing a hat"),
      M.editNotUnderstood,
    );
    // The upload has no kept scene: looks work on its pixels, scene changes cannot.
    await expectRefused(
      await postEdit(t, ada, made.recordId, made.url, "make it sunset"),
      M.editNeedsOfflineScene,
    );
    expect(await tokensOf(ada)).toBe(tokens);
    expect(await ledgerOf(ada)).toEqual(ledger);
    const record = await pollRecord(t, ada, made.recordId);
    expect(record).toMatchObject({ status: "completed", aiGeneratedImages: [] });

    await edited(made.recordId, made.url, "black and white");
    expect(await tokensOf(ada)).toBe(tokens - 2);
  });

  const jobsOf = (recordId: string) =>
    database
      .handle()
      .db.selectFrom("image_jobs")
      .select("id")
      .where("record_id", "=", recordId)
      .execute();

  /** What a refusal must leave as it was: the balance, the ledger, the jobs, the record's images. */
  async function moneyAndJobs(recordId: string) {
    const record = await pollRecord(t, ada, recordId);
    return {
      tokens: await tokensOf(ada),
      ledger: await ledgerOf(ada),
      jobs: await jobsOf(recordId),
      edits: record.aiGeneratedImages,
    };
  }

  it("refuses an edit of the subject before charging anything", async () => {
    const made = await generated();
    const before = await moneyAndJobs(made.recordId);
    for (const prompt of ["change the motorcycle color to blue", "make the shoes red"]) {
      await expectRefused(
        await postEdit(t, ada, made.recordId, made.processedUrl, prompt),
        M.editTargetsSubject,
      );
    }
    // On an image without a kept scene too.
    await expectRefused(
      await postEdit(t, ada, made.recordId, made.url, "recolor the product"),
      M.editTargetsSubject,
    );
    expect(M.editTargetsSubject).not.toMatch(/offline/i);
    expect(await moneyAndJobs(made.recordId)).toEqual(before);
    expect(before.edits).toEqual([]);
  });

  it("refuses an edit that would leave the kept picture as it is, at no cost", async () => {
    const made = await generated();
    const shadowless = await edited(made.recordId, made.processedUrl, "remove the shadow");
    const sunset = await edited(made.recordId, shadowless, "make it sunset");
    const before = await moneyAndJobs(made.recordId);
    expect(before.edits).toHaveLength(2);

    await expectRefused(
      await postEdit(t, ada, made.recordId, shadowless, "remove the shadow"),
      M.editChangesNothing,
    );
    await expectRefused(
      await postEdit(t, ada, made.recordId, sunset, "make it sunset"),
      M.editChangesNothing,
    );
    expect(await moneyAndJobs(made.recordId)).toEqual(before);
    // The same words on an older state change it, and are charged.
    await edited(made.recordId, made.processedUrl, "make it sunset");
    expect(await tokensOf(ada)).toBe(before.tokens - 2);
  });

  it("paints the backdrop for a charge, and refuses a colour or blur it cannot show at no cost", async () => {
    const made = await generated();
    const blue = await edited(made.recordId, made.processedUrl, "make the background blue");
    expect((await keptStateOf(blue))?.look.backdrop).toEqual([61, 115, 201]);
    const before = await moneyAndJobs(made.recordId);
    await expectRefused(
      await postEdit(t, ada, made.recordId, blue, "a blue backdrop"),
      M.editChangesNothing,
    );
    // The upload has no kept scene: its backdrop cannot be repainted.
    await expectRefused(
      await postEdit(t, ada, made.recordId, made.url, "make the background blue"),
      M.editNeedsOfflineScene,
    );
    expect(await moneyAndJobs(made.recordId)).toEqual(before);

    // A white background is flat: no blur would show on it.
    const white = await generated("pure white background");
    const onWhite = await moneyAndJobs(white.recordId);
    await expectRefused(
      await postEdit(t, ada, white.recordId, white.processedUrl, "blur the background"),
      M.editChangesNothing,
    );
    expect(await moneyAndJobs(white.recordId)).toEqual(onWhite);
  });

  it("refuses sharpening a plain backdrop before charging anything", async () => {
    const made = await generated("in a studio");
    const before = await moneyAndJobs(made.recordId);
    for (const prompt of ["sharper background", "make the background sharp", "less blur"]) {
      await expectRefused(
        await postEdit(t, ada, made.recordId, made.processedUrl, prompt),
        M.editFocusOnPlainBackdrop,
      );
    }
    expect(await moneyAndJobs(made.recordId)).toEqual(before);
    expect(before.edits).toEqual([]);
  });

  it("edits an upload around its product: the product's pixels stay as photographed", async () => {
    const made = await generated();
    const tokens = await tokensOf(ada);
    const warmer = await edited(made.recordId, made.url, "warmer");
    expect(await tokensOf(ada)).toBe(tokens - 2);

    const pixelsOf = async (url: string) =>
      sharp(await bytesOf(t, ada, url))
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
    const [photo, after] = [await pixelsOf(made.url), await pixelsOf(warmer)];
    const { width, height } = photo.info;
    expect(after.info).toMatchObject({ width, height });
    // The stand-in cut-out makes the photo's middle half the product.
    const row = (pixels: Buffer, y: number) =>
      pixels.subarray((y * width + width / 4) * 3, (y * width + (width * 3) / 4) * 3);
    for (let y = height / 4; y < (height * 3) / 4; y++) {
      expect(row(after.data, y).equals(row(photo.data, y)), `row ${y}`).toBe(true);
    }
    // Around it, the photo is warmer: more red against blue in its top rows.
    const warmth = (pixels: Buffer) => {
      let sum = 0;
      for (let i = 0; i < width * (height / 4) * 3; i += 3) {
        sum += (pixels[i] ?? 0) - (pixels[i + 2] ?? 0);
      }
      return sum / (width * (height / 4));
    };
    expect(warmth(after.data)).toBeGreaterThan(warmth(photo.data) + 5);
  });

  it("re-renders an edit from the kept scene, and an older image from its own state", async () => {
    const made = await generated();
    expect(await keptStateOf(made.processedUrl)).toMatchObject({
      prompt: "on a wooden table",
      revisions: [],
    });

    const sunset = await edited(made.recordId, made.processedUrl, "make it sunset");
    expect(await keptStateOf(sunset)).toMatchObject({ revisions: ["make it sunset"] });
    const picture = await getFile(t, sunset, ada);
    expect(picture.status).toBe(200);
    expect(await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).toMatchObject({
      width: 600,
      height: 400,
    });

    const warmer = await edited(made.recordId, sunset, "warmer");
    expect(await keptStateOf(warmer)).toMatchObject({
      revisions: ["make it sunset"],
      look: { warmth: 1 },
    });
    // Undo, then edit: the editor sends the older image, whose state has no sunset.
    const undone = await edited(made.recordId, made.processedUrl, "remove the shadow");
    expect(await keptStateOf(undone)).toMatchObject({ revisions: [], look: { shadow: 0 } });
    expect(await tokensOf(ada)).toBe(PLANS.pro.tokensPerMonth - 8 - 3 * 2);
  });

  it("lets an upscaled picture carry its scene, and edits it at its own size", async () => {
    const made = await generated();
    expect((await postUpscale(t, ada, made.recordId, made.processedUrl)).status).toBe(200);
    const record = await pollRecord(t, ada, made.recordId, (r) => r.upscaledImage !== null);
    const upscaledUrl = record.upscaledImage?.url ?? "";
    expect(await keptStateOf(upscaledUrl)).toEqual(await keptStateOf(made.processedUrl));

    const sunset = await edited(made.recordId, upscaledUrl, "make it sunset");
    const picture = await getFile(t, sunset, ada);
    expect(await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).toMatchObject({
      width: 1200,
      height: 800,
    });
  });
});
