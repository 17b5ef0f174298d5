import { GENERATION_DEFAULTS } from "@backdrop/shared";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createEngine } from "../../src/engines/create-engine.ts";
import { LOCAL_QUEUE_NOTE } from "../../src/engines/local/queue-note.ts";
import { configRoutes } from "../../src/routes/config.routes.ts";

/** GET /api/config of an app with the engine a configuration builds. */
async function configOf(imageEngine: "local" | "fal") {
  const falEndpoints = { generate: null, edit: null, upscale: null };
  const engine = createEngine({ imageEngine, falKey: "key", falEndpoints });
  const app = new Hono().route("/", configRoutes({ googleSignIn: false }, engine));
  const body = await (await app.request("/config")).json();
  await engine.close?.();
  return body;
}

describe("what the engine offers the studio", () => {
  it("says what the local queue does better, and offers no relighting: nothing redraws the product", async () => {
    expect(await configOf("local")).toEqual({
      googleSignIn: false,
      queueNote: LOCAL_QUEUE_NOTE,
      relightOption: false,
    });
  });

  it("says nothing of fal's queue, whose methods differ only in how the job runs, and offers relighting", async () => {
    expect(await configOf("fal")).toEqual({
      googleSignIn: false,
      queueNote: null,
      relightOption: true,
    });
  });
});

describe("what the engine needs before any charge", () => {
  const falEndpoints = { generate: null, edit: null, upscale: null };

  it("the local engine the server runs (on its thread) needs the subject at the upload's threshold", async () => {
    const engine = createEngine({ imageEngine: "local", falKey: "key", falEndpoints });
    expect(engine.needsSubject?.({ ...GENERATION_DEFAULTS })).toBe(true);
    expect(engine.needsSubject?.({ ...GENERATION_DEFAULTS, background_threshold: 0.9 })).toBe(
      false,
    );
    await engine.close?.();
  });

  it("fal draws a scene without a subject found: nothing is refused for it", async () => {
    const engine = createEngine({ imageEngine: "fal", falKey: "key", falEndpoints });
    expect(engine.needsSubject?.({ ...GENERATION_DEFAULTS }) ?? false).toBe(false);
    await engine.close?.();
  });
});
