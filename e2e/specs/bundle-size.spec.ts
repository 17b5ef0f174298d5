import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { initialChunks, readBuiltFile, readManifest } from "./web-build.ts";

/** Issue 16 point 5: at most 150 KiB (150 × 1024 bytes) gzipped, as the build precompresses. */
const INITIAL_JS_LIMIT = 150 * 1024;

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

test("the JavaScript that / loads before it runs is at most 150 KiB gzipped", () => {
  const files = initialChunks(readManifest());
  const sizes = files.map((file) => ({
    file,
    gzipped: gzipSync(readBuiltFile(file), { level: 9 }).length,
  }));
  const total = sizes.reduce((sum, { gzipped }) => sum + gzipped, 0);

  console.log(
    [
      "Initial JavaScript of / (gzip -9):",
      ...sizes.map(({ file, gzipped }) => `  ${kib(gzipped).padStart(10)}  ${file}`),
      `  ${kib(total).padStart(10)}  total, limit ${kib(INITIAL_JS_LIMIT)}`,
    ].join("\n"),
  );
  expect(total).toBeLessThanOrEqual(INITIAL_JS_LIMIT);
});
