import { readdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/** The folder sizes docs/decisions.md ("The house, second pass") holds the rooms to. */
const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const SOURCE = /\.tsx?$/;
const TEST = /\.test\.tsx?$/;

async function sourceFiles(folder: string): Promise<string[]> {
  const entries = await readdir(`${REPO_ROOT}${folder}`, { withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && SOURCE.test(entry.name)).map((e) => e.name);
}

async function foldersUnder(folder: string): Promise<string[]> {
  const entries = await readdir(`${REPO_ROOT}${folder}`, { withFileTypes: true, recursive: true });
  const below = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${entry.parentPath}/${entry.name}`.slice(REPO_ROOT.length));
  return [folder, ...below];
}

describe("the house's rooms", () => {
  it("keeps at most 8 source files at the top of the generations service", async () => {
    const top = await sourceFiles("apps/server/src/services/generations");
    expect(top.filter((name) => !TEST.test(name)).length).toBeLessThanOrEqual(8);
  });

  it("keeps every room of the studio feature at 20 source files or fewer", async () => {
    const folders = await foldersUnder("apps/web/src/features/generate");
    expect(folders.length).toBeGreaterThan(5);
    for (const folder of folders) {
      const files = await sourceFiles(folder);
      expect({ folder, files: files.length }).toEqual({
        folder,
        files: expect.toSatisfy((count: number) => count <= 20),
      });
    }
  });
});
