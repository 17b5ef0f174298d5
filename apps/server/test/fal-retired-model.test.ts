import { GENERATION_MESSAGES as M, PLANS } from "@backdrop/shared";
import { afterEach, expect, it } from "vitest";
import { DEFAULT_FAL_ENDPOINTS } from "../src/engines/fal/fal-endpoints.ts";
import { describeEachDatabase } from "./helpers/databases.ts";
import { falTestApp, useFalEmulator } from "./helpers/fal-app.ts";
import { pollRecord, postEdit, postFal, processBody, upload } from "./helpers/generations.ts";
import { adaAndBob, currentUser, subscribeInSandbox } from "./helpers/payments.ts";
import type { TestApp } from "./helpers/test-app.ts";

/** A model fal no longer serves: the job fails in the spec's words and costs the user nothing. */
describeEachDatabase("a retired fal model", (database) => {
  const fal = useFalEmulator();
  let t: TestApp | undefined;

  afterEach(async () => {
    await t?.container.close();
  });

  async function proWithEdit(env: Record<string, string> = {}) {
    t = falTestApp(database, fal.emulator, env);
    const { ada } = await adaAndBob(t);
    // Pro refunds only what the platform failed to deliver, which a retired model is.
    await subscribeInSandbox(t, ada, "pro");
    const uploaded = await upload(t, ada, "coffee.png");
    await postFal(t, "process", processBody(ada, uploaded), ada);
    const record = await pollRecord(t, ada, uploaded.recordId);
    expect(record.status).toBe("completed");
    const before = await currentUser(t, ada);
    const edit = await postEdit(t, ada, uploaded.recordId, record.processedImage?.url, "warmer");
    return { app: t, ada, edit, before };
  }

  it("answers 404 for an id it does not know: the edit fails with the spec's message, refunded", async () => {
    const { app, ada, edit, before } = await proWithEdit({
      FAL_EDIT_ENDPOINT: "fal-ai/retired-editor/edit",
    });
    expect(edit.status).toBe(502);
    expect(await edit.json()).toEqual({ error: M.editFailed });
    expect(fal.emulator.callsOf("submit", "fal-ai/retired-editor/edit")).toHaveLength(1);
    const after = await currentUser(app, ada);
    expect(after.subscriptionTokens).toBe(before.subscriptionTokens);
    expect(before.subscriptionTokens).toBeLessThan(PLANS.pro.tokensPerMonth);
  });

  it("answers 410 Gone for the default editor: the same message and refund", async () => {
    fal.emulator.failNext(DEFAULT_FAL_ENDPOINTS.edit, {
      status: 410,
      body: { detail: "This model has been retired" },
      at: "submit",
      times: Number.POSITIVE_INFINITY,
    });
    const { app, ada, edit, before } = await proWithEdit();
    expect(edit.status).toBe(502);
    expect(await edit.json()).toEqual({ error: M.editFailed });
    const after = await currentUser(app, ada);
    expect(after.subscriptionTokens).toBe(before.subscriptionTokens);
  });

  it("reaches a replacement model named by its variable, with no change of code", async () => {
    const { edit } = await proWithEdit({ FAL_EDIT_ENDPOINT: "fal-ai/nano-banana-2/edit" });
    expect(edit.status).toBe(200);
    expect(fal.emulator.callsOf("submit", "fal-ai/nano-banana-2/edit")).toHaveLength(1);
  });
});
