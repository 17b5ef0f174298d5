import { randomUUID } from "node:crypto";
import { GENERATION_MESSAGES as M } from "@backdrop/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { VISITOR_PREVIEW_BUDGET } from "../src/container.ts";
import { drawsEverything } from "../src/engines/image-engine.ts";
import type { DatabaseHandle } from "../src/repositories/database.ts";
import { migratedSqlite } from "./helpers/databases.ts";
import { FAST_JOBS } from "./helpers/generation-jobs.ts";
import { postFal, processBody, upload } from "./helpers/generations.ts";
import { asCookie, type SignedIn, verifiedUser } from "./helpers/identity.ts";
import { subscribeInSandbox } from "./helpers/payments.ts";
import { scriptedEngine } from "./helpers/scripted-engine.ts";
import { createTestApp, postJson } from "./helpers/test-app.ts";

const REDIS_URL = process.env.TEST_REDIS_URL || undefined;

type TestApp = ReturnType<typeof createTestApp>;

/**
 * Scene previews on a budget (issue 26, point 2): a flood of visitors from any number of
 * addresses shares one budget and stands aside while paid work runs; signed-in users keep
 * their own limit. The engine is a stand-in whose preview is counted.
 */
describe("scene previews for visitors share one budget and yield to paid work", () => {
  const opened: { t: TestApp; handle: DatabaseHandle }[] = [];
  afterEach(async () => {
    for (const { t, handle } of opened.splice(0)) {
      await t.container.close();
      await handle.db.destroy();
    }
  });

  async function app(env: Record<string, string> = {}) {
    const scripted = scriptedEngine();
    const drawn = vi.fn(drawsEverything);
    scripted.engine.previewScene = drawn;
    const handle = await migratedSqlite();
    const t = createTestApp(handle, {
      env: { TRUST_PROXY: "1", ...env },
      engine: scripted.engine,
      jobs: FAST_JOBS,
      // Refusals at once: a pause only slows a flood down, and these tests ask one at a time.
      previewGate: { refusalPauseMs: 0 },
    });
    opened.push({ t, handle });
    return { t, drawn, scripted };
  }

  /** A visitor behind our proxy at the `n`-th address of a range. */
  const from = (n: number) => ({ "x-forwarded-for": `10.${n >> 16}.${(n >> 8) & 255}.${n & 255}` });

  function preview(t: TestApp, prompt: string, headers: Record<string, string>) {
    return postJson(t.app, "/api/fal/scene-preview", { prompt }, headers);
  }

  it("draws for visitors from every address within one budget, then answers 429 with Retry-After", async () => {
    const { t, drawn } = await app();
    const statuses: number[] = [];
    const extra = 6;
    for (let i = 0; i < VISITOR_PREVIEW_BUDGET.limit + extra; i++) {
      statuses.push((await preview(t, `on a beach, take ${i}`, from(i))).status);
    }
    expect(statuses.slice(0, VISITOR_PREVIEW_BUDGET.limit)).toEqual(
      Array(VISITOR_PREVIEW_BUDGET.limit).fill(200),
    );
    expect(statuses.slice(VISITOR_PREVIEW_BUDGET.limit)).toEqual(Array(extra).fill(429));
    expect(drawn).toHaveBeenCalledTimes(VISITOR_PREVIEW_BUDGET.limit);

    const refused = await preview(t, "on a marble counter", from(9_999));
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(VISITOR_PREVIEW_BUDGET.windowMs / 1000);
    expect(await refused.json()).toEqual({ error: M.scenePreviewBusy });

    // A request drawn before is answered from memory, past the budget, drawing nothing.
    const again = await preview(t, "on a beach, take 3", from(10_000));
    expect(again.status).toBe(200);
    expect(drawn).toHaveBeenCalledTimes(VISITOR_PREVIEW_BUDGET.limit);

    // A signed-in user is not a visitor: their own limit, not the spent budget.
    const ada = await verifiedUser(t, "ada@example.com", "Ada");
    const own = await preview(t, "on a marble counter", { ...asCookie(ada), ...from(9_999) });
    expect(own.status).toBe(200);
  });

  it("refuses visitors while a job runs in this server, without reaching the engine; users still get theirs", async () => {
    const { t, drawn, scripted } = await app();
    t.container.jobs.start();
    const ada: SignedIn = await verifiedUser(t, "ada@example.com", "Ada");
    await subscribeInSandbox(t, ada, "pro");
    const uploaded = await upload(t, ada);
    const release = scripted.holdNext("generate");
    expect((await postFal(t, "process", processBody(ada, uploaded), ada)).status).toBe(200);
    await vi.waitFor(() => expect(scripted.calls.generate).toBe(1), { timeout: 10_000 });

    for (let i = 0; i < 5; i++) {
      const refused = await preview(t, `in a forest ${i}`, from(i));
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(drawn).not.toHaveBeenCalled();
    // The paying seller typing their next prompt is drawn as usual.
    expect((await preview(t, "in a forest", asCookie(ada))).status).toBe(200);
    expect(drawn).toHaveBeenCalledOnce();

    release();
    await vi.waitFor(
      async () => {
        const record = await t.app.request(`/api/fal/images/${uploaded.recordId}`, {
          headers: asCookie(ada),
        });
        expect(((await record.json()) as { status: string }).status).toBe("completed");
      },
      { timeout: 10_000 },
    );
    expect((await preview(t, "in a forest 0", from(0))).status).toBe(200);
  });

  it("keeps a signed-in user's limit apart from their address and from other users", async () => {
    const { t } = await app();
    const ada = await verifiedUser(t, "ada@example.com", "Ada");
    const bob = await verifiedUser(t, "bob@example.com", "Bob");
    // The same shop address for both, and for a visitor.
    const shop = from(7);
    for (let i = 0; i < 120; i++) {
      expect((await preview(t, "on a beach", { ...asCookie(ada), ...shop })).status).toBe(200);
    }
    const limited = await preview(t, "on a beach", { ...asCookie(ada), ...shop });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await preview(t, "on a beach", { ...asCookie(bob), ...shop })).status).toBe(200);
    expect((await preview(t, "on a beach", shop)).status).toBe(200);
  });

  it.skipIf(!REDIS_URL)("shares the visitors' budget between servers through Redis", async () => {
    const env = {
      REDIS_URL: REDIS_URL ?? "",
      JOB_QUEUE_PREFIX: `backdrop-preview-${randomUUID().slice(0, 8)}`,
    };
    const [a, b] = [await app(env), await app(env)];
    const half = VISITOR_PREVIEW_BUDGET.limit / 2;
    for (let i = 0; i < VISITOR_PREVIEW_BUDGET.limit; i++) {
      const server = i < half ? a.t : b.t;
      expect((await preview(server, `by a lake ${i}`, from(i))).status).toBe(200);
    }
    expect((await preview(a.t, "by a lake, once more", from(500))).status).toBe(429);
    expect((await preview(b.t, "by a lake, again", from(501))).status).toBe(429);
  });
});
