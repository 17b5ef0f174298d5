import type { KeptScene } from "../../../engines/image-engine.ts";
import type { StoredFile } from "../../../repositories/image-records.repository.ts";
import type { FileStorage } from "../../../storage/file-storage.ts";

/**
 * Beside the file's key under `kept/`: a result's kept scene (cut-out and state), an upload
 * cut-out's matte. Never served: files are served by their database row, and these have none.
 */
export function keptKeysFor(file: Pick<StoredFile, "storageKey">) {
  const base = `kept/${file.storageKey.replace(/\.[a-z0-9]+$/i, "")}`;
  return { cutout: `${base}.cutout.png`, state: `${base}.scene.json`, matte: `${base}.matte.png` };
}

/** A stored state read back: a JSON object, or undefined. */
function parseState(bytes: Buffer): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(bytes.toString("utf8"));
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return undefined;
    return parsed as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/**
 * The scenes engines keep with their results (see KeptScene), stored beside the result. The
 * state is written last, so its presence means the whole scene is there.
 */
export function createKeptScenes(storage: FileStorage) {
  return {
    async save(file: Pick<StoredFile, "storageKey">, kept: KeptScene): Promise<void> {
      const keys = keptKeysFor(file);
      await storage.put(keys.cutout, kept.cutout);
      await storage.put(keys.state, Buffer.from(JSON.stringify(kept.state)));
    },

    /** The kept state alone (one small file), or undefined when there is none or it is unreadable. */
    async state(
      file: Pick<StoredFile, "storageKey">,
    ): Promise<Record<string, unknown> | undefined> {
      const state = await storage.get(keptKeysFor(file).state);
      return state ? parseState(state) : undefined;
    },

    /** The kept scene of a result, or undefined when it has none (or it cannot be read). */
    async load(file: Pick<StoredFile, "storageKey">): Promise<KeptScene | undefined> {
      const keys = keptKeysFor(file);
      const state = await storage.get(keys.state);
      const cutout = state ? await storage.get(keys.cutout) : null;
      const parsed = state ? parseState(state) : undefined;
      return cutout && parsed ? { cutout, state: parsed } : undefined;
    },

    async delete(file: Pick<StoredFile, "storageKey">): Promise<void> {
      const keys = keptKeysFor(file);
      await storage.delete(keys.state);
      await storage.delete(keys.cutout);
    },
  };
}

export type KeptScenes = ReturnType<typeof createKeptScenes>;
