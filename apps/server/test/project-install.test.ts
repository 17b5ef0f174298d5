import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const run = promisify(execFile);

describe("installing the project", () => {
  it("prints no warning of its own making", { timeout: 180_000 }, async () => {
    const { stdout, stderr } = await run("npm", ["ci", "--dry-run", "--no-audit", "--no-fund"], {
      cwd: REPO_ROOT,
    });
    expect(stderr).not.toMatch(/npm warn/i);
    expect(stdout).not.toMatch(/npm warn/i);
  });

  it("never runs the model runtime's script that would download CUDA builds", async () => {
    const manifest = JSON.parse(await readFile(`${REPO_ROOT}package.json`, "utf8")) as {
      allowScripts: Record<string, boolean>;
    };
    expect(manifest.allowScripts["onnxruntime-node"]).toBe(false);
  });
});
