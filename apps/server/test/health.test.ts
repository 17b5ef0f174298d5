import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "./helpers/databases.ts";
import { createTestApp, postJson } from "./helpers/test-app.ts";

describeEachDatabase("health and errors", (database) => {
  describe("GET /api/health", () => {
    it("answers ok after a real query", async () => {
      const { app } = createTestApp(database.handle());
      const res = await app.request("/api/health");
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: "ok" });
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
