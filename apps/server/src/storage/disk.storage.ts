import { randomUUID } from "node:crypto";
import { mkdir, open, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { assertSafeKey, type FileStorage, READ_CHUNK_BYTES } from "./file-storage.ts";

/** A key that names nothing, or a folder (the parent of other keys): no file. */
function isMissing(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === "ENOENT" || code === "EISDIR";
}

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
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async open(key) {
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(pathOf(key), "r");
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      try {
        const stats = await handle.stat();
        if (!stats.isFile()) {
          await handle.close();
          return null;
        }
        // Opened before the size is read: a file replaced meanwhile is still read whole.
        const stream = handle.createReadStream({ highWaterMark: READ_CHUNK_BYTES });
        return { size: stats.size, stream };
      } catch (error) {
        await handle.close().catch(() => {});
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
