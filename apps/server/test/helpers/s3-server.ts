import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll } from "vitest";
import { loadEnv, type S3Config } from "../../src/config/index.ts";

/** s3rver's fixed credentials: it checks every request's signature against them. */
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export type S3TestServer = {
  endpoint: string;
  /** A new, empty bucket of its own; its name. */
  createBucket(): Promise<string>;
  /** The S3_* variables that point the app at `bucket` on this server. */
  env(bucket: string): Record<string, string>;
  /** The configuration those variables give. */
  config(bucket: string): S3Config;
  /** Every key in `bucket`, read with S3's own listing (not through the app's storage). */
  keys(bucket: string): Promise<string[]>;
  /** Stops answering: the port refuses connections, open ones are cut. */
  stop(): Promise<void>;
  /** Answers again, on the same port, with the same buckets and objects. */
  restart(): Promise<void>;
};

/**
 * A real S3 protocol server (s3rver, over a temporary folder) on 127.0.0.1 at a free port,
 * started before the suite and stopped after it.
 */
export function useS3Server(): () => S3TestServer {
  let server: S3rver | undefined;
  let directory = "";
  let client: S3Client | undefined;
  let handle: S3TestServer | undefined;

  const stop = async () => {
    // Clients the tests left open keep idle connections, which would hold close() up.
    server?.httpServer?.closeAllConnections();
    await server?.close();
    server = undefined;
  };

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), "backdrop-s3rver-"));
    server = new S3rver({ address: "127.0.0.1", port: 0, directory, silent: true });
    const { port } = await server.run();
    const endpoint = `http://127.0.0.1:${port}`;
    const s3 = new S3Client({
      endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: CREDENTIALS,
    });
    client = s3;
    const env = (bucket: string) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      // The bucket cannot be a host name under 127.0.0.1.
      S3_FORCE_PATH_STYLE: "1",
    });
    handle = {
      endpoint,
      async createBucket() {
        const bucket = `backdrop-test-${randomUUID().slice(0, 8)}`;
        await s3.send(new CreateBucketCommand({ Bucket: bucket }));
        return bucket;
      },
      env,
      config(bucket) {
        const { s3: config } = loadEnv(env(bucket));
        if (!config) throw new Error("S3 not configured");
        return config;
      },
      async keys(bucket) {
        const listed = await s3.send(new ListObjectsV2Command({ Bucket: bucket }));
        return (listed.Contents ?? []).map((object) => object.Key ?? "").sort();
      },
      stop,
      async restart() {
        if (server) return;
        server = new S3rver({ address: "127.0.0.1", port, directory, silent: true });
        await server.run();
      },
    };
  });

  afterAll(async () => {
    client?.destroy();
    await stop();
    rmSync(directory, { recursive: true, force: true });
  });

  return () => {
    if (!handle) throw new Error("the S3 server is not started yet");
    return handle;
  };
}
