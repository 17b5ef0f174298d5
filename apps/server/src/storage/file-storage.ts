/** Where image bytes live: a folder on disk by default, or an S3 bucket (S3_BUCKET). */
export type FileStorage = {
  /** Stores the bytes under `key`; writing the same key again replaces them. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
};

/** Keys are made by us from ids; anything else is refused before it can reach a path. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9/_.-]*$/i.test(key) || key.includes("..") || key.includes("//")) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}
