import { randomUUID } from "node:crypto";
import { FAL_FILE_HOST } from "./fal-host-fetch.ts";

export type StoredFile = { bytes: Buffer; contentType: string };

const EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
};

/**
 * fal's CDN in memory: uploads arrive through a signed loopback URL and are served, like the
 * models' outputs, from `https://v3b.fal.media/files/…`.
 */
export function createFileStore(emulatorBaseUrl: () => string) {
  const files = new Map<string, StoredFile>();
  const pendingUploads = new Map<string, { fileUrl: string; contentType: string }>();

  const fileUrl = (name: string) => `https://${FAL_FILE_HOST}/files/${randomUUID()}/${name}`;

  return {
    initiateUpload(contentType: string, fileName: string) {
      const token = randomUUID();
      const url = fileUrl(fileName);
      pendingUploads.set(token, { fileUrl: url, contentType });
      return { upload_url: `${emulatorBaseUrl()}/_upload/${token}`, file_url: url };
    },
    /** The PUT to an upload URL; false when the URL was never handed out. */
    completeUpload(token: string, bytes: Buffer, contentType: string | undefined): boolean {
      const pending = pendingUploads.get(token);
      if (!pending) return false;
      pendingUploads.delete(token);
      files.set(pending.fileUrl, { bytes, contentType: contentType ?? pending.contentType });
      return true;
    },
    /** Keeps a model's output and names its public URL. */
    save(bytes: Buffer, contentType: string, stem: string): string {
      const url = fileUrl(`${stem}.${EXTENSIONS[contentType] ?? "bin"}`);
      files.set(url, { bytes, contentType });
      return url;
    },
    get(url: string): StoredFile | undefined {
      return files.get(url);
    },
    delete(url: string) {
      files.delete(url);
    },
    /** What a model reads from an input URL: one of our files or a data URI. */
    read(url: string): StoredFile | undefined {
      const dataUri = /^data:([^;,]+)(;base64)?,(.*)$/s.exec(url);
      if (dataUri) {
        const [, contentType = "", base64, data = ""] = dataUri;
        const bytes = base64 ? Buffer.from(data, "base64") : Buffer.from(decodeURIComponent(data));
        return { bytes, contentType };
      }
      return files.get(url);
    },
  };
}

export type FileStore = ReturnType<typeof createFileStore>;
