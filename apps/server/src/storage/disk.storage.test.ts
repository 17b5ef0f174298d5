import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDiskStorage } from "./disk.storage.ts";
import { storageContract } from "./storage-contract.test-helper.ts";

describe("disk storage", () => {
  let root: string;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "backdrop-disk-"));
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  describe("the storage contract", () => {
    storageContract(() => createDiskStorage(root));
  });

  it("stores, replaces, reads and deletes files, leaving nothing aside", async () => {
    const storage = createDiskStorage(root);
    await storage.put("u1/a.png", Buffer.from("first"));
    await storage.put("u1/a.png", Buffer.from("second"));
    expect((await storage.get("u1/a.png"))?.toString()).toBe("second");
    expect(readdirSync(join(root, "u1"))).toEqual(["a.png"]);
    await storage.delete("u1/a.png");
    expect(await storage.get("u1/a.png")).toBeNull();
  });

  it("removes the partial file when the write cannot be completed, and rethrows", async () => {
    const storage = createDiskStorage(root);
    // The key's path is a folder with something in it: the bytes are written aside, and the
    // rename onto the real name fails, as it would on a real file system error.
    mkdirSync(join(root, "u1", "b.png"), { recursive: true });
    writeFileSync(join(root, "u1", "b.png", "inside"), "x");

    await expect(storage.put("u1/b.png", Buffer.alloc(64 * 1024, 1))).rejects.toMatchObject({
      code: expect.stringMatching(/^(EISDIR|ENOTEMPTY|EEXIST|EPERM)$/),
    });
    expect(readdirSync(join(root, "u1"))).toEqual(["b.png"]);
    expect(readdirSync(join(root, "u1", "b.png"))).toEqual(["inside"]);
  });
});
