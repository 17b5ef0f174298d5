import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_BUILT_MESSAGE } from "../src/routes/web-app.routes.ts";
import { describeEachDatabase } from "./helpers/databases.ts";
import { createTestApp, postJson } from "./helpers/test-app.ts";

const APP_JS = Buffer.from("console.log('app')");
const INDEX_HTML =
  '<!doctype html><html><body><div id="root"></div><!-- backdrop-spa --></body></html>';

describeEachDatabase("app shell", (database) => {
  let distDir: string;

  beforeAll(() => {
    distDir = join(mkdtempSync(join(tmpdir(), "backdrop-dist-")), "dist");
    mkdirSync(join(distDir, "assets"), { recursive: true });
    writeFileSync(join(distDir, "index.html"), INDEX_HTML);
    writeFileSync(join(distDir, "assets", "index-3f9a1c.js"), "console.log('app')");
    // As apps/web/scripts/precompress.mjs writes them beside the file.
    writeFileSync(join(distDir, "assets", "index-3f9a1c.js.br"), brotliCompressSync(APP_JS));
    writeFileSync(join(distDir, "assets", "index-3f9a1c.js.gz"), gzipSync(APP_JS));
    writeFileSync(join(distDir, "assets", "index-3f9a1c.js.map"), '{"version":3}');
    writeFileSync(join(distDir, "robots.txt"), "User-agent: *");
    mkdirSync(join(distDir, ".vite"));
    writeFileSync(join(distDir, ".vite", "manifest.json"), "{}");
  });
  afterAll(() => rmSync(join(distDir, ".."), { recursive: true, force: true }));

  describe("unknown API paths", () => {
    it.each(["GET", "POST", "DELETE"])("answer %s with 404 JSON", async (method) => {
      const { app } = createTestApp(database.handle(), { webDistDir: distDir });
      const res = await app.request("/api/does-not-exist", { method });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: "Not found" });
    });
  });

  describe("web app", () => {
    it("returns index.html for a client-side route", async () => {
      const { app } = createTestApp(database.handle(), { webDistDir: distDir });
      const res = await app.request("/contact");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/html");
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(await res.text()).toBe(INDEX_HTML);
    });

    it("serves index.html at the root without long caching", async () => {
      const { app } = createTestApp(database.handle(), { webDistDir: distDir });
      const res = await app.request("/");
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(await res.text()).toBe(INDEX_HTML);
    });

    it("serves hashed assets with a long cache and refuses missing ones", async () => {
      const { app } = createTestApp(database.handle(), { webDistDir: distDir });
      const asset = await app.request("/assets/index-3f9a1c.js");
      expect(asset.status).toBe(200);
      expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(await asset.text()).toBe("console.log('app')");

      const missing = await app.request("/assets/index-old.js");
      expect(missing.status).toBe(404);
    });

    it("sends the build's compressed copy to a browser that accepts it", async () => {
      const { app } = createTestApp(database.handle(), { webDistDir: distDir });
      const path = "/assets/index-3f9a1c.js";
      const brotli = await app.request(path, {
        headers: { "Accept-Encoding": "gzip, deflate, br" },
      });
      expect(brotli.headers.get("content-encoding")).toBe("br");
      expect(brotli.headers.get("vary")).toContain("Accept-Encoding");
      expect(brotli.headers.get("content-type")).toContain("javascript");
      const sent = Buffer.from(await brotli.arrayBuffer());
      expect(brotliDecompressSync(sent).equals(APP_JS)).toBe(true);

      const gzip = await app.request(path, { headers: { "Accept-Encoding": "gzip" } });
      expect(gzip.headers.get("content-encoding")).toBe("gzip");
      expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).equals(APP_JS)).toBe(true);

      const plain = await app.request(path);
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect(await plain.text()).toBe("console.log('app')");
    });

    it("serves source maps outside production only, unless SERVE_SOURCE_MAPS says", async () => {
      const map = "/assets/index-3f9a1c.js.map";
      const development = createTestApp(database.handle(), { webDistDir: distDir });
      expect((await development.app.request(map)).status).toBe(200);
      const hidden = createTestApp(database.handle(), {
        webDistDir: distDir,
        env: { SERVE_SOURCE_MAPS: "0" },
      });
      expect((await hidden.app.request(map)).status).toBe(404);
      // The script itself is still served.
      expect((await hidden.app.request("/assets/index-3f9a1c.js")).status).toBe(200);
    });

    it("never serves the build's manifest", async () => {
      const { app } = createTestApp(database.handle(), { webDistDir: distDir });
      expect((await app.request("/.vite/manifest.json")).status).toBe(404);
    });

    it("serves other files from the build", async () => {
      const { app } = createTestApp(database.handle(), { webDistDir: distDir });
      const res = await app.request("/robots.txt");
      expect(res.status).toBe(200);
      expect(await res.text()).toBe("User-agent: *");
    });

    it("does not serve files outside the build", async () => {
      const { app } = createTestApp(database.handle(), { webDistDir: distDir });
      const res = await app.request("/..%2f..%2fpackage.json");
      expect(await res.text()).toBe(INDEX_HTML);
    });

    it("answers 503 with a hint when the web app is not built", async () => {
      const { app } = createTestApp(database.handle());
      const res = await app.request("/contact");
      expect(res.status).toBe(503);
      expect(res.headers.get("content-type")).toContain("text/plain");
      expect(await res.text()).toBe(NOT_BUILT_MESSAGE);
    });
  });

  it("sends security headers on API and page answers", async () => {
    const { app } = createTestApp(database.handle(), { webDistDir: distDir });
    const answers = [
      await app.request("/api/health"),
      await app.request("/gallery"),
      await postJson(app, "/api/email/contact", {}),
    ];
    for (const res of answers) {
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("img-src 'self' data: blob:");
      // The iPhone-photo decoder: WebAssembly compiled in a worker of its own, and no eval.
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(csp).toContain("worker-src 'self' blob:");
      expect(csp).not.toContain("'unsafe-eval'");
      expect(csp).not.toMatch(/https?:/);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
      expect(res.headers.get("cross-origin-opener-policy")).toBe("same-origin-allow-popups");
    }
  });

  it("sends no opener policy where Google's sign-in popup comes back", async () => {
    const { app } = createTestApp(database.handle(), { webDistDir: distDir });
    const answers = [
      await app.request("/auth/complete?error=access_denied"),
      await app.request("/api/identity/callback/google?state=x&code=y"),
    ];
    for (const res of answers) {
      expect(res.headers.get("cross-origin-opener-policy")).toBeNull();
      expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
    }
  });
});
