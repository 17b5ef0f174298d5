import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  GENERATION_MESSAGES as M,
  SUPPORT_MESSAGES,
  ZScenePreviewResponse,
} from "@backdrop/shared";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { SCENE_PREVIEW_RATE_LIMIT } from "../src/container.ts";
import { createDatabase } from "../src/repositories/database.ts";
import { createTestApp, postJson } from "./helpers/test-app.ts";

type TestApp = ReturnType<typeof createTestApp>;

/** The preview needs no database; each app gets an empty SQLite file of its own. */
function appWith(env: Record<string, string> = {}): TestApp {
  const file = join(mkdtempSync(join(tmpdir(), "backdrop-preview-")), "backdrop.db");
  return createTestApp(createDatabase({ dialect: "sqlite", file }), { env });
}

async function preview(t: TestApp, body: unknown, headers: Record<string, string> = {}) {
  const res = await postJson(t.app, "/api/fal/scene-preview", body, headers);
  return { status: res.status, body: await res.json() };
}

async function previewImage(dataUrl: string) {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
  return sharp(bytes).metadata();
}

describe("POST /api/fal/scene-preview", () => {
  let t: TestApp;
  afterEach(async () => {
    await t.container.close();
    await t.container.database.db.destroy();
  });

  it("tells a visitor, before any charge, what the local engine will draw and what it will not", async () => {
    t = appWith();
    const answer = await preview(t, {
      prompt: "christmas lights and gift boxes on a wooden table, soft morning light",
      width: 1200,
      height: 800,
    });
    expect(answer.status).toBe(200);
    const reading = ZScenePreviewResponse.parse(answer.body);
    expect(reading.understood).toEqual(
      expect.arrayContaining(["christmas lights", "table", "wooden", "soft", "morning"]),
    );
    expect(reading.ignored).toEqual(["gift boxes"]);
    const image = await previewImage(reading.preview ?? "");
    expect(image.format).toBe("webp");
    expect(Math.max(image.width ?? 0, image.height ?? 0)).toBe(384);
    // The photo's proportions: 3:2.
    expect(image.width).toBe(384);
    expect(image.height).toBe(256);
  });

  it("draws each scene differently and leaves nothing out of a prompt it reads whole", async () => {
    t = appWith();
    const beach = ZScenePreviewResponse.parse(
      (await preview(t, { prompt: "on a beach at sunset" })).body,
    );
    const marble = ZScenePreviewResponse.parse(
      (await preview(t, { prompt: "on a marble counter in a kitchen" })).body,
    );
    expect(beach.ignored).toEqual([]);
    expect(marble.ignored).toEqual([]);
    expect(beach.preview).not.toBe(marble.preview);
    const image = await previewImage(beach.preview ?? "");
    // No photo size given: a 4:3 frame.
    expect([image.width, image.height]).toEqual([384, 288]);
  });

  it("says a white request once, as marketplace, which the Exact product switch follows too", async () => {
    t = appWith();
    const white = (await preview(t, { prompt: "pure white background, marketplace" })).body;
    const beach = (await preview(t, { prompt: "on a beach at sunset" })).body;
    expect(ZScenePreviewResponse.parse(white).marketplace).toBe(true);
    expect(beach).not.toHaveProperty("marketplace");
    expect(white).not.toHaveProperty("exactProduct");
    expect(beach).not.toHaveProperty("exactProduct");
  });

  it("says the fal engine draws everything, with no picture to show", async () => {
    t = appWith({ IMAGE_ENGINE: "fal", FAL_KEY: "key-id:key-secret" });
    const answer = await preview(t, { prompt: "  a cup among lemons on a sunny terrace  " });
    expect(answer).toEqual({
      status: 200,
      body: { understood: ["a cup among lemons on a sunny terrace"], ignored: [], preview: null },
    });
  });

  it("says a white request is for marketplaces, which the photo's own size makes square", async () => {
    t = appWith();
    const white = ZScenePreviewResponse.parse(
      (await preview(t, { prompt: "pure white background for amazon", width: 600, height: 400 }))
        .body,
    );
    expect(white.marketplace).toBe(true);
    const beach = (await preview(t, { prompt: "on a beach", width: 600, height: 400 })).body;
    expect(beach).not.toHaveProperty("marketplace");
  });

  it("says so on the fal engine too, which hands a white background to the local one", async () => {
    t = appWith({ IMAGE_ENGINE: "fal", FAL_KEY: "key-id:key-secret" });
    const answer = await preview(t, { prompt: "on a white background" });
    expect(answer).toEqual({
      status: 200,
      body: {
        understood: ["on a white background"],
        ignored: [],
        preview: null,
        marketplace: true,
      },
    });
  });

  it("refuses a missing or empty prompt and bad sizes with the usual messages", async () => {
    t = appWith();
    expect(await preview(t, {})).toEqual({ status: 400, body: { error: M.promptRequired } });
    expect(await preview(t, { prompt: "   " })).toEqual({
      status: 400,
      body: { error: M.promptRequired },
    });
    expect((await preview(t, { prompt: "on a beach", width: -3, height: 10 })).status).toBe(400);
    expect((await preview(t, "not json")).status).toBe(400);
  });

  it("limits each client address, not everyone", async () => {
    t = appWith({ TRUST_PROXY: "1" });
    const from = (ip: string) => ({ "x-forwarded-for": ip });
    // Refused bodies count too, and answer at once.
    for (let i = 0; i < SCENE_PREVIEW_RATE_LIMIT.limit; i++) {
      expect((await preview(t, {}, from("203.0.113.7"))).status).toBe(400);
    }
    const limited = await postJson(t.app, "/api/fal/scene-preview", {}, from("203.0.113.7"));
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await limited.json()).toEqual({ error: SUPPORT_MESSAGES.tooManyRequests });
    expect((await preview(t, { prompt: "on a beach" }, from("198.51.100.2"))).status).toBe(200);
  });
});
