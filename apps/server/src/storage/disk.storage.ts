import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { assertSafeKey, type FileStorage } from "./file-storage.ts";

/** Files under one folder (`data/files` by default). Writes land whole or not at all. */
export function createDiskStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    assertSafeKey(key);
    return join(root, key);
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written aside and renamed, so a crash never leaves half a file under the real name.
      const partial = `${path}.${randomUUID()}.partial`;
      try {
        await writeFile(partial, bytes);
        await rename(partial, path);
      } catch (error) {
        // A full disk or a failed rename leaves no partial behind; the caller sees the error.
        await rm(partial, { force: true }).catch(() => {});
        throw error;
      }
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        // A key that names a folder (the parent of other keys) holds no file either.
        const code = (error as { code?: string }).code;
        if (code === "ENOENT" || code === "EISDIR") return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
