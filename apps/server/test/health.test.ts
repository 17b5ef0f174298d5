import { pbkdf2 } from "node:crypto";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "./helpers/databases.ts";
import { createTestApp, postJson } from "./helpers/test-app.ts";

const stretch = promisify(pbkdf2);

describeEachDatabase("health and errors", (database) => {
  describe("GET /api/health", () => {
    it("answers ok after a real query, with the disk's free space", async () => {
      const { app } = createTestApp(database.handle());
      const res = await app.request("/api/health");
      expect(res.status).toBe(200);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toEqual({
        status: "ok",
        checks: {
          database: { status: "ok" },
          disk: { status: "ok", freeBytes: expect.any(Number) },
        },
      });
    });

    it("answers from its last disk reading while image work holds libuv's thread pool", async () => {
      const { app } = createTestApp(database.handle());
      expect((await app.request("/api/health")).status).toBe(200);
      const finished: string[] = [];
      // Key stretching runs on the same four threads as sharp's decoding and fs.statfs.
      const threads = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
      const busy = Array.from({ length: threads }, () =>
        stretch("x", "salt", 1_000_000, 64, "sha512").then(() => finished.push("pool")),
      );
      const res = await app.request("/api/health");
      finished.push("health");
      await Promise.all(busy);
      expect(res.status).toBe(200);
      expect(finished[0]).toBe("health");
    });

    it("answers 503 when the disk that keeps the images is short of room", async () => {
      // More free space than any disk here has: the real free space falls short of it.
      const { app } = createTestApp(database.handle(), {
        env: { MIN_FREE_DISK_MB: "9000000" },
      });
      const res = await app.request("/api/health");
      expect(res.status).toBe(503);
      const body = (await res.json()) as { status: string; error: string; checks: object };
      expect(body.status).toBe("error");
      expect(body.error).toMatch(/^Disk unavailable: \d+ MB free, below the 9000000 MB needed$/);
      expect(body.checks).toMatchObject({ database: { status: "ok" }, disk: { status: "error" } });
    });

    it("answers 503 with the reason when the database is unavailable", async () => {
      const { app } = createTestApp(await database.broken());
      const res = await app.request("/api/health");
      expect(res.status).toBe(503);
      const body = (await res.json()) as { status: string; error: string };
      expect(body.status).toBe("error");
      expect(body.error).toMatch(/^Database unavailable: \S/);
    });
  });

  it("answers a generic 500 for an unexpected failure, and logs it", async () => {
    const { app, logger } = createTestApp(await database.broken());
    const res = await postJson(app, "/api/email/contact", {
      name: "Ada",
      email: "ada@example.com",
      subject: "Hi",
      message: "Hello",
    });
    expect(res.status).toBe(500);
    expect(await res.text()).toBe(JSON.stringify({ error: "Internal server error" }));
    expect(logger.error).toHaveBeenCalledWith("Unhandled error", expect.anything());
  });
});
