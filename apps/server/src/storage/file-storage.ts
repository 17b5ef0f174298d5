import type { Readable } from "node:stream";

/**
 * A stored file opened for reading a piece at a time: a download pulls the next piece only
 * when its client has taken the last. Destroy the stream to let go of the file (or the
 * bucket's connection) early; it is let go of by itself once read to the end.
 */
export type OpenedFile = { size: number; stream: Readable };

/** The pieces a stored file is read in: small, so a client that stops reading holds little. */
export const READ_CHUNK_BYTES = 64 * 1024;

/** Where image bytes live: a folder on disk by default, or an S3 bucket (S3_BUCKET). */
export type FileStorage = {
  /** Stores the bytes under `key`; writing the same key again replaces them. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  /** The file under `key` as a stream read as it is consumed, or null when there is none. */
  open(key: string): Promise<OpenedFile | null>;
  delete(key: string): Promise<void>;
};

/** Keys are made by us from ids; anything else is refused before it can reach a path. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9/_.-]*$/i.test(key) || key.includes("..") || key.includes("//")) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}
