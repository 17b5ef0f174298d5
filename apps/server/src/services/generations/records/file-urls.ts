import { randomUUID } from "node:crypto";
import type { StoredFile } from "../../../repositories/image-records.repository.ts";

const EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
};

export function extensionOf(contentType: string): string {
  return EXTENSIONS[contentType] ?? "bin";
}

/** Where the bytes live in storage: grouped by user and record, named by the file's id. */
export function storageKeyFor(
  file: Pick<StoredFile, "userId" | "recordId" | "id" | "contentType">,
) {
  return `users/${file.userId}/${file.recordId}/${file.id}.${extensionOf(file.contentType)}`;
}

/** A new file row for `image`'s bytes in the owner's record, its storage key set. */
export function newStoredFile(
  owner: Pick<StoredFile, "userId" | "recordId">,
  kind: StoredFile["kind"],
  image: { bytes: Buffer; contentType: string; width: number; height: number },
  createdAt: number,
): StoredFile {
  const file: StoredFile = {
    id: randomUUID(),
    userId: owner.userId,
    recordId: owner.recordId,
    kind,
    storageKey: "",
    contentType: image.contentType,
    byteSize: image.bytes.length,
    width: image.width,
    height: image.height,
    createdAt,
  };
  file.storageKey = storageKeyFor(file);
  return file;
}

const FILE_NAME = /^([0-9a-f-]{36})\.[a-z]+$/;

/** Public URLs of stored files; they stay valid as long as the file exists. */
export function createFileUrls(appUrl: string) {
  const { origin, pathname } = new URL(appUrl);
  const filesPath = `${pathname.replace(/\/$/, "")}/api/files/`;
  return {
    urlOf(file: Pick<StoredFile, "id" | "contentType">): string {
      return `${appUrl}/api/files/${file.id}.${extensionOf(file.contentType)}`;
    },
    /** The file id a URL of ours names (absolute or path only), or null for anything else. */
    fileIdOf(url: string): string | null {
      let parsed: URL;
      try {
        parsed = new URL(url, origin);
      } catch {
        return null;
      }
      if (parsed.origin !== origin || !parsed.pathname.startsWith(filesPath)) return null;
      return FILE_NAME.exec(parsed.pathname.slice(filesPath.length))?.[1] ?? null;
    },
  };
}

export type FileUrls = ReturnType<typeof createFileUrls>;
