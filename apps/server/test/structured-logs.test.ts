import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImageEngine } from "../src/engines/image-engine.ts";
import { createLocalEngine } from "../src/engines/local/local.engine.ts";
import { createPinoLogger } from "../src/lib/logger.ts";
import type { DatabaseHandle } from "../src/repositories/database.ts";
import { migratedSqlite } from "./helpers/databases.ts";
import { pollRecord, postFal, processBody, upload } from "./helpers/generations.ts";
import { SAME_ORIGIN } from "./helpers/identity.ts";
import { adaAndBob, subscribeInSandbox } from "./helpers/payments.ts";
import { middleCutout } from "./helpers/stand-in-cutout.ts";
import { createTestApp } from "./helpers/test-app.ts";

type Line = Record<string, unknown> & { msg: string };

/** A logger writing pino's JSON lines into an array, as production writes them to stdout. */
function capturedLogger() {
  const lines: Line[] = [];
  const destination = { write: (line: string) => void lines.push(JSON.parse(line) as Line) };
  return { lines, logger: createPinoLogger({ level: "debug", destination }) };
}

describe("structured logs", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await migratedSqlite();
  });
  afterAll(() => database.db.destroy());

  it("answers the proxy's request id and stamps it on the request's lines", async () => {
    const { lines, logger } = capturedLogger();
    const t = createTestApp(database, { logger });
    const res = await t.app.request("/api/email/contact", {
      method: "POST",
      headers: { ...SAME_ORIGIN, "content-type": "application/json", "x-request-id": "edge-42" },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    expect(res.headers.get("x-request-id")).toBe("edge-42");
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: "Request",
        requestId: "edge-42",
        method: "POST",
        path: "/api/email/contact",
        status: 400,
      }),
    );
    await t.container.close();
  });

  it("makes an id for a request that brings none, a new one each time", async () => {
    const { lines, logger } = capturedLogger();
    const t = createTestApp(database, { logger });
    const first = (await t.app.request("/api/health")).headers.get("x-request-id");
    const second = (await t.app.request("/api/health")).headers.get("x-request-id");
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
    const requests = lines.filter((line) => line.msg === "Request");
    expect(requests.map((line) => line.requestId)).toEqual([first, second]);
    await t.container.close();
  });

  it("stamps the job id on every line logged while the job runs, however deep", async () => {
    const { lines, logger } = capturedLogger();
    const local = createLocalEngine({ cutout: middleCutout });
    const engine: ImageEngine = {
      ...local,
      generate: (input, ctx) => {
        logger.info("Engine at work");
        return local.generate(input, ctx);
      },
    };
    const t = createTestApp(database, { logger, engine });
    t.container.jobs.start();
    const { ada } = await adaAndBob(t);
    await subscribeInSandbox(t, ada, "pro");
    const uploaded = await upload(t, ada);
    expect((await postFal(t, "process", processBody(ada, uploaded), ada)).status).toBe(200);
    expect((await pollRecord(t, ada, uploaded.recordId)).status).toBe("completed");
    const generation = await database.db
      .selectFrom("image_jobs")
      .select("id")
      .where("record_id", "=", uploaded.recordId)
      .where("kind", "=", "generate")
      .executeTakeFirstOrThrow();
    const engineLine = lines.find((line) => line.msg === "Engine at work");
    expect(engineLine?.jobId).toBe(generation.id);
    // Each job that ends well says so once, with how long it ran and how long it waited.
    const done = lines.filter((line) => line.msg === "Job done" && line.kind === "generate");
    expect(done).toEqual([
      expect.objectContaining({ jobId: generation.id, ms: expect.any(Number) }),
    ]);
    expect(done[0]?.waitedMs).toBeGreaterThanOrEqual(0);
    await t.container.close();
  });
});
