import type { TImageRecord } from "@backdrop/shared";
import { expect, it } from "vitest";
import { describeEachDatabase } from "./helpers/databases.ts";
import { accepted } from "./helpers/generation-jobs.ts";
import { getRecord, pollRecord, postFal, processBody, upload } from "./helpers/generations.ts";
import { useLocalEngineApp } from "./helpers/local-app.ts";

const WHITE = "pure white background, marketplace";
const SCENE = "on a sandy beach at sunset";

/**
 * Issue 29, point 3: the "exact product" switch. When the seller does not say, a white or
 * marketplace request keeps the product exact and another scene light-matches it; what the
 * seller says wins; the choice is kept with the record for "Open in studio".
 */
describeEachDatabase("the exact product switch on the local engine", (database) => {
  const app = useLocalEngineApp(database);

  async function generated(prompt: string, extra: Record<string, unknown> = {}) {
    const uploaded = await upload(app.t, app.ada, "rocket.jpg");
    const body = { ...processBody(app.ada, uploaded, { prompt }), seed: 5, ...extra };
    await accepted(await postFal(app.t, "process", body, app.ada));
    const record = await pollRecord(app.t, app.ada, uploaded.recordId, undefined, 30_000);
    expect(record.status).toBe("completed");
    const read: TImageRecord = await getRecord(app.t, app.ada, uploaded.recordId, "?with=settings");
    return { record, settings: read.settings };
  }

  it("keeps the product exact by default for a white marketplace request", async () => {
    const { record, settings } = await generated(WHITE);
    expect(settings?.exactProduct).toBe(true);
    expect(record.fidelity?.kept).toBe("original");
    expect(record.fidelity?.withinDeltaE2).toBeGreaterThanOrEqual(0.99);
  });

  it("light-matches the product by default in another scene", async () => {
    const { record, settings } = await generated(SCENE);
    expect(settings?.exactProduct).toBe(false);
    expect(record.fidelity?.kept).toBe("light-matched");
  });

  it("follows the seller's choice over the prompt's default", async () => {
    const exact = await generated(SCENE, { exactProduct: true });
    expect(exact.settings?.exactProduct).toBe(true);
    expect(exact.record.fidelity?.kept).toBe("original");
    expect(exact.record.fidelity?.withinDeltaE2).toBeGreaterThanOrEqual(0.99);
    const off = await generated(WHITE, { exactProduct: false });
    expect(off.settings?.exactProduct).toBe(false);
  });

  it("refuses a value that is not true or false, before any charge", async () => {
    const uploaded = await upload(app.t, app.ada, "rocket.jpg");
    const body = { ...processBody(app.ada, uploaded, { prompt: SCENE }), exactProduct: "yes" };
    const res = await postFal(app.t, "process", body, app.ada);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "exactProduct must be true or false" });
  });
});
