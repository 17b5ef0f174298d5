import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { type ChunkSource, readableSource } from "../lib/download-stream.ts";
import type { Logger } from "../lib/logger.ts";
import type { FileStorage } from "./file-storage.ts";

/**
 * One file of a ZIP: a stored file, read a piece at a time when its turn comes and stored as
 * it is (images are compressed already); an image made when its turn comes (a stored file
 * converted to another format, null when the stored file is gone), stored as it is too; or a
 * few bytes made for the download (deflated).
 */
export type ZipMember = { name: string; mtime: number } & (
  | { storageKey: string; fileId: string }
  | { made: () => Promise<Uint8Array | null>; fileId: string }
  | { bytes: Uint8Array }
);

/**
 * A ZIP as a source of pieces (issue 26, point 3): each stored member is opened when its turn
 * comes and read a piece at a time, each piece passed through fflate as the client asks for
 * the next, so a client that stops reading holds one piece of one file, never a whole file. A
 * stored file gone missing is left out and logged.
 */
export function zipSource(
  deps: { storage: FileStorage; logger: Logger },
  members: readonly ZipMember[],
): ChunkSource {
  const { storage, logger } = deps;
  const ready: Uint8Array[] = [];
  let finished = false;
  let failure: unknown = null;
  let closed = false;
  let next = 0;
  let current: { member: ZipPassThrough; read: ChunkSource } | null = null;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else {
      ready.push(chunk);
      if (final) finished = true;
    }
  });

  /** Starts the next member; false when there is none left. */
  async function startNext(): Promise<boolean> {
    const member = members[next++];
    if (!member) return false;
    if ("bytes" in member) {
      const deflated = new ZipDeflate(member.name, { level: 6 });
      deflated.mtime = member.mtime;
      zip.add(deflated);
      deflated.push(member.bytes, true);
      return true;
    }
    if ("made" in member) {
      const made = await member.made();
      if (!made) {
        logger.warn("A stored file is missing from a download", { fileId: member.fileId });
        return true;
      }
      if (closed) return true;
      const stored = new ZipPassThrough(member.name);
      stored.mtime = member.mtime;
      zip.add(stored);
      stored.push(made, true);
      return true;
    }
    const opened = await storage.open(member.storageKey);
    if (!opened) {
      logger.warn("A stored file is missing from a download", { fileId: member.fileId });
      return true;
    }
    if (closed) {
      opened.stream.destroy();
      return true;
    }
    const stored = new ZipPassThrough(member.name);
    stored.mtime = member.mtime;
    zip.add(stored);
    current = { member: stored, read: readableSource(opened.stream) };
    return true;
  }

  /** Reads on until a piece of the ZIP is ready, or the ZIP ends. */
  async function advance(): Promise<void> {
    while (ready.length === 0 && !finished && !failure && !closed) {
      if (current) {
        const chunk = await current.read.next();
        if (closed || !current) return;
        if (chunk) current.member.push(chunk, false);
        else {
          current.member.push(new Uint8Array(0), true);
          current = null;
        }
        continue;
      }
      if (!(await startNext())) zip.end();
    }
  }

  return {
    async next() {
      await advance();
      if (failure) throw failure;
      return ready.shift() ?? null;
    },
    close() {
      if (closed) return;
      closed = true;
      current?.read.close();
      current = null;
      ready.length = 0;
      if (!finished) zip.terminate();
    },
  };
}
