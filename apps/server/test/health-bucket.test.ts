import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { READING_MS } from "../src/services/health.service.ts";
import { migratedSqlite } from "./helpers/databases.ts";
import { useS3Server } from "./helpers/s3-server.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

/**
 * Issue 26, point 4: with the images in a bucket, health asks the bucket at most once a second
 * per server, however many probes come, as it reads the disk's free space.
 */
describe("health with the images in a bucket", () => {
  const s3 = useS3Server();
  /** Every request that reached the bucket: method and path. */
  const reached: string[] = [];
  let proxy: Server;
  let proxyUrl = "";

  // A counting pass-through in front of the real S3 server: what the bucket's provider bills.
  beforeAll(async () => {
    proxy = createServer((req, res) => {
      reached.push(`${req.method} ${req.url}`);
      const upstream = httpRequest(
        new URL(req.url ?? "/", s3().endpoint),
        { method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on("error", () => res.destroy());
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    proxy.closeAllConnections();
    await new Promise((resolve) => proxy.close(resolve));
  });

  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.container.close();
  });

  it("asks the bucket once a second, however many probes come", async () => {
    const bucket = await s3().createBucket();
    let now = Date.UTC(2026, 0, 1);
    t = createTestApp(await migratedSqlite(), {
      env: { ...s3().env(bucket), S3_ENDPOINT: proxyUrl },
      clock: { now: () => now },
    });
    const app = t.app;
    reached.length = 0;
    async function probes(count: number) {
      const answers = await Promise.all(
        Array.from({ length: count }, () => app.request("/api/health")),
      );
      for (const res of answers) {
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({
          status: "ok",
          checks: { database: { status: "ok" }, storage: { status: "ok" } },
        });
      }
    }

    await probes(32);
    await probes(32);
    expect(reached).toEqual([`HEAD /${bucket}/`]);

    now += READING_MS;
    await probes(32);
    expect(reached).toEqual([`HEAD /${bucket}/`, `HEAD /${bucket}/`]);
  });
});
