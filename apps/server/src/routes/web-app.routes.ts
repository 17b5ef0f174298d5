import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type MiddlewareHandler } from "hono";

export const NOT_BUILT_MESSAGE = "The web app is not built yet: run npm run build";

const HASHED_ASSETS = "/assets/";
/** The build's own records (Vite's manifest): read by the tests, never served. */
const BUILD_RECORDS = "/.vite/";

/**
 * Serves the built single-page app. Hashed files under /assets/ are cached for a year;
 * everything else is revalidated. A file the build also wrote compressed (`.br`, `.gz`, see
 * apps/web/scripts/precompress.mjs) is sent compressed to a browser that accepts it. Source
 * maps are served only when `sourceMaps` says so. A path that is no file gets index.html, and
 * the app's router shows its own page (including its not-found page).
 */
export function webAppRoutes(distDir: string, options: { sourceMaps: boolean }): Hono {
  const indexFile = join(distDir, "index.html");
  let serveFiles: MiddlewareHandler | undefined;

  return new Hono().get("*", async (c) => {
    // Checked per request so that a build made while the server runs is picked up.
    if (!existsSync(indexFile)) {
      return c.text(NOT_BUILT_MESSAGE, 503, { "Cache-Control": "no-store" });
    }
    const hashed = c.req.path.startsWith(HASHED_ASSETS);
    const hidden = c.req.path.startsWith(BUILD_RECORDS);
    if (hidden || (!options.sourceMaps && c.req.path.endsWith(".map"))) {
      return c.text("Not found", 404, { "Cache-Control": "no-store" });
    }
    c.header("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "no-cache");

    serveFiles ??= serveStatic({ root: distDir, precompressed: true });
    const file = await serveFiles(c, async () => {});
    if (file) return file;

    // A missing hashed asset is a stale page asking for an old build: answer plainly.
    if (hashed) return c.text("Not found", 404, { "Cache-Control": "no-store" });
    return c.html(await readFile(indexFile, "utf8"), 200, { "Cache-Control": "no-cache" });
  });
}
