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

describe("what the queue does better", () => {
  it("is said for the local engine, whose queue cuts and draws at a richer quality", async () => {
    expect(await configOf("local")).toEqual({ googleSignIn: false, queueNote: LOCAL_QUEUE_NOTE });
  });

  it("is not said for fal, whose methods differ only in how the job is run", async () => {
    expect(await configOf("fal")).toEqual({ googleSignIn: false, queueNote: null });
  });
});
