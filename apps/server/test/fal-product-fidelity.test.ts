import { GENERATION_MESSAGES as M, PLANS, ZEditResponse } from "@backdrop/shared";
import sharp from "sharp";
import { expect, it } from "vitest";
import { iclightFrame } from "./fal-emulator/fal-models.ts";
import { describeEachDatabase } from "./helpers/databases.ts";
import { useFalApp } from "./helpers/fal-app.ts";
import {
  bytesOf,
  getFile,
  getRecord,
  photoBytes,
  pollRecord,
  postEdit,
  postFal,
  postUpscale,
  processBody,
  upload,
} from "./helpers/generations.ts";
import { currentUser } from "./helpers/payments.ts";

/** Inside the coffee photo's cup (600×400): crema and rim, well away from the outline. */
const CUP = { left: 250, top: 200, width: 60, height: 50 };
/** The photo's top-left corner: table, no product. */
const CORNER = { left: 0, top: 0, width: 40, height: 40 };

type Box = typeof CUP;

/** Largest difference of a channel's mean between two images over a box. */
async function meanGap(one: Buffer, two: Buffer, box: Box): Promise<number> {
  const means = async (bytes: Buffer) => {
    const crop = await sharp(bytes).removeAlpha().extract(box).toBuffer();
    return (await sharp(crop).stats()).channels.map((channel) => channel.mean);
  };
  const [a, b] = await Promise.all([means(one), means(two)]);
  return Math.max(...a.map((value, i) => Math.abs(value - (b[i] ?? 0))));
}

/**
 * Issue 15 over HTTP: the fal engine's pictures keep the product's original pixels, aligned to
 * where the model put it, and every result shows how faithful its product is.
 */
describeEachDatabase("the product's pixels kept on the fal engine", (database) => {
  const app = useFalApp(database, "elite");

  /** A generation of the coffee photo, with the upload's cut-out made first. */
  async function generated(extra: Record<string, unknown> = {}) {
    const uploaded = await upload(app.t, app.ada, "coffee.png");
    await pollRecord(app.t, app.ada, uploaded.recordId, (r) => r.cutoutImage !== null, 60_000);
    await postFal(app.t, "process", processBody(app.ada, uploaded, extra), app.ada);
    const record = await pollRecord(app.t, app.ada, uploaded.recordId, undefined, 60_000);
    expect(record.status).toBe("completed");
    return { uploaded, record };
  }

  it("puts the product's pixels back where the model moved it, and shows the proof", async () => {
    const { record } = await generated();
    expect(record.fidelity).toMatchObject({ kept: "original" });
    expect(record.fidelity?.withinDeltaE2).toBeGreaterThan(0.99);
    expect(record.fidelity?.meanDeltaE).toBeLessThan(0.5);
    expect(record.processedImage?.fidelity).toEqual(record.fidelity);

    // Found where the stand-in put the frame: enlarged 2% and moved.
    const file = await app.t.container.repositories.generations.records.findFile(
      record.processedImage?.url.match(/files\/([\w-]+)\./)?.[1] ?? "",
    );
    const frame = iclightFrame(600, 400);
    const placement = file?.subject?.placement;
    expect(Math.abs((placement?.x ?? 99) + frame.left)).toBeLessThanOrEqual(1);
    expect(Math.abs((placement?.y ?? 99) + frame.top)).toBeLessThanOrEqual(1);
    expect(Math.abs((placement?.width ?? 0) - frame.width)).toBeLessThanOrEqual(2);

    // The cup is the photo's own pixels there; the table around it is the model's.
    const photoInFrame = await sharp(photoBytes("coffee.png"))
      .resize(frame.width, frame.height)
      .extract({ left: frame.left, top: frame.top, width: 600, height: 400 })
      .toBuffer();
    const result = await bytesOf(app.t, app.ada, record.processedImage?.url);
    expect(await meanGap(result, photoInFrame, CUP)).toBeLessThan(3);
    expect(await meanGap(result, photoInFrame, CORNER)).toBeGreaterThan(10);

    // The difference map is the owner's, a small PNG.
    const map = await bytesOf(app.t, app.ada, record.fidelity?.differenceUrl ?? "");
    expect((await sharp(map).metadata()).format).toBe("png");
    expect((await getFile(app.t, record.fidelity?.differenceUrl ?? "", null)).status).toBe(401);
  });

  it("lets the model relight the product when asked, and says how far it strayed", async () => {
    const { record } = await generated({ relightProduct: true });
    expect(record.fidelity?.kept).toBe("redrawn");
    expect(record.fidelity?.withinDeltaE2).toBeLessThan(0.5);
  });

  it("keeps the pasted-back product exact whatever the exact switch says; relighting is not", async () => {
    const { uploaded, record } = await generated({ exactProduct: false });
    expect(record.fidelity?.kept).toBe("original");
    expect(record.fidelity?.withinDeltaE2).toBeGreaterThan(0.99);
    const exact = await getRecord(app.t, app.ada, uploaded.recordId, "?with=settings");
    expect(exact.settings).toMatchObject({ exactProduct: true, relightProduct: false });
    const relit = await generated({ relightProduct: true, exactProduct: true });
    const redrawn = await getRecord(app.t, app.ada, relit.uploaded.recordId, "?with=settings");
    expect(redrawn.settings).toMatchObject({ exactProduct: false, relightProduct: true });
  });

  it("keeps every take's product, each with its own figure", async () => {
    const { record } = await generated({ variations: 2 });
    expect(record.variations).toHaveLength(2);
    for (const take of record.variations) {
      expect(take.fidelity?.kept).toBe("original");
      expect(take.fidelity?.withinDeltaE2).toBeGreaterThan(0.99);
    }
  });

  it("keeps the product through an edit, unless the edit is about the product", async () => {
    const { uploaded, record } = await generated();
    const url = record.processedImage?.url;
    const scene = await postEdit(
      app.t,
      app.ada,
      uploaded.recordId,
      url,
      "make the background warmer",
    );
    expect(scene.status).toBe(200);
    const kept = ZEditResponse.parse(await scene.json()).image;
    expect(kept.fidelity?.kept).toBe("original");
    expect(kept.fidelity?.withinDeltaE2).toBeGreaterThan(0.99);

    const product = await postEdit(app.t, app.ada, uploaded.recordId, url, "make the cup blue");
    expect(product.status).toBe(200);
    const redrawn = ZEditResponse.parse(await product.json()).image;
    expect(redrawn.fidelity?.kept).toBe("redrawn");
    expect(redrawn.fidelity?.withinDeltaE2).toBeLessThan(0.9);
    const after = await pollRecord(app.t, app.ada, uploaded.recordId);
    expect(after.aiGeneratedImages.map((image) => image.fidelity?.kept)).toEqual([
      "original",
      "redrawn",
    ]);
  });

  it("puts the product back enlarged by the local upscaler after fal's upscale", async () => {
    const { uploaded, record } = await generated();
    expect(
      (await postUpscale(app.t, app.ada, uploaded.recordId, record.processedImage?.url)).status,
    ).toBe(200);
    const upscaled = await pollRecord(
      app.t,
      app.ada,
      uploaded.recordId,
      (r) => r.upscaledImage !== null || r.status === "failed",
      120_000,
    );
    expect(upscaled.upscaledImage?.fidelity?.kept).toBe("original");
    expect(upscaled.upscaledImage?.fidelity?.withinDeltaE2).toBeGreaterThan(0.99);
    const enlarged = await bytesOf(app.t, app.ada, upscaled.upscaledImage?.url);
    expect(await sharp(enlarged).metadata()).toMatchObject({ width: 1200, height: 800 });
    const generatedBytes = await bytesOf(app.t, app.ada, record.processedImage?.url);
    const twice = await sharp(generatedBytes).resize(1200, 800).toBuffer();
    const cup = {
      left: CUP.left * 2,
      top: CUP.top * 2,
      width: CUP.width * 2,
      height: CUP.height * 2,
    };
    expect(await meanGap(enlarged, twice, cup)).toBeLessThan(4);
    const me = await currentUser(app.t, app.ada);
    expect(me.subscriptionTokens + me.numOfTokens).toBeLessThan(PLANS.elite.tokensPerMonth);
  });

  it("still answers the spec's failure message and refunds when fal fails after the cut-out", async () => {
    const uploaded = await upload(app.t, app.ada, "coffee.png");
    app.emulator.flagNsfwNext();
    await postFal(app.t, "process", processBody(app.ada, uploaded), app.ada);
    const record = await pollRecord(app.t, app.ada, uploaded.recordId, undefined, 60_000);
    expect(record).toMatchObject({ status: "failed", error: M.modelFailed, fidelity: null });
    expect((await currentUser(app.t, app.ada)).subscriptionTokens).toBe(PLANS.elite.tokensPerMonth);
  });
});
