import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { S3Config } from "../config/index.ts";
import { describeError } from "../lib/errors.ts";
import { assertSafeKey, type FileStorage } from "./file-storage.ts";

/** How long the health check waits for the bucket before calling it unavailable. */
const PING_TIMEOUT_MS = 3_000;

export type S3Storage = FileStorage & {
  /** Rejects when the bucket does not answer to these credentials (the health check). */
  ping(): Promise<void>;
  /** Closes the connections of the client this storage made itself. */
  close(): void;
};

export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    // A copy: the SDK marks the credentials object it is given, and the configuration's is frozen.
    ...(config.credentials ? { credentials: { ...config.credentials } } : {}),
    forcePathStyle: config.forcePathStyle,
    // Without limits a stalled connection holds a request or a job until its own time is up.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
}

/** Only a missing key reads as "no file": a missing bucket or a refusal is an error to see. */
function isMissingKey(error: unknown): boolean {
  return (error as { name?: string }).name === "NoSuchKey";
}

/** Why the bucket did not answer, in a few words for the health answer. */
function bucketProblem(error: unknown): string {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  if ($metadata?.httpStatusCode === 404) return "no such bucket";
  if ($metadata?.httpStatusCode === 403) return "access denied";
  if (name === "AbortError" || name === "TimeoutError") {
    return `no answer within ${PING_TIMEOUT_MS / 1000} s`;
  }
  return describeError(error);
}

/**
 * Files as objects of one bucket, under the same keys as on disk. A PUT replaces an object
 * whole or not at all, as the disk's rename does. The app reads the bytes and serves them after
 * its own checks: no URL of the bucket is ever handed out (docs/decisions.md, "Object storage").
 */
export function createS3Storage(config: S3Config, client?: S3Client): S3Storage {
  const s3 = client ?? createS3Client(config);
  const Bucket = config.bucket;
  return {
    async put(key, bytes) {
      assertSafeKey(key);
      await s3.send(
        new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentLength: bytes.length }),
      );
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const answer = await s3.send(new GetObjectCommand({ Bucket, Key: key }));
        const bytes = await answer.Body?.transformToByteArray();
        return bytes
          ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
          : Buffer.alloc(0);
      } catch (error) {
        if (isMissingKey(error)) return null;
        throw error;
      }
    },
    async open(key) {
      assertSafeKey(key);
      try {
        const answer = await s3.send(new GetObjectCommand({ Bucket, Key: key }));
        const body = answer.Body;
        // In Node the SDK hands the response itself: read only as the stream is, a connection
        // held while the download lasts and closed when the stream is destroyed.
        const stream = body instanceof Readable ? body : Readable.from([]);
        return { size: answer.ContentLength ?? 0, stream };
      } catch (error) {
        if (isMissingKey(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      // S3 answers a delete of a missing key with success: deleting is idempotent already.
      await s3.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async ping() {
      try {
        await s3.send(new HeadBucketCommand({ Bucket }), {
          abortSignal: AbortSignal.timeout(PING_TIMEOUT_MS),
        });
      } catch (error) {
        throw new Error(`bucket ${Bucket}: ${bucketProblem(error)}`, { cause: error });
      }
    },
    close() {
      if (!client) s3.destroy();
    },
  };
}
