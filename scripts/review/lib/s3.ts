/**
 * An S3 server of the run's own (s3rver over a folder, as the server's tests use), which counts
 * the requests it is sent and can be stopped and started again on the same port and folder.
 */
import { mkdirSync } from "node:fs";
import type { Server } from "node:http";
import { join } from "node:path";
import S3rver from "s3rver";
import { filesUnder } from "./files.ts";
import { freePort, runDirectory } from "./instance.ts";

/** s3rver's fixed credentials: it checks every request's signature against them. */
const CREDENTIALS = { id: "S3RVER", secret: "S3RVER" };

export class OwnS3 {
  private server: S3rver | null = null;
  /** Every request it answered, method and path, since it was made. */
  readonly requests: { at: number; method: string; path: string }[] = [];

  private constructor(
    readonly port: number,
    readonly directory: string,
    readonly bucket: string,
  ) {}

  static async start(label: string): Promise<OwnS3> {
    const directory = join(runDirectory(), `s3-${label}`);
    mkdirSync(directory, { recursive: true });
    const s3 = new OwnS3(await freePort(), directory, `review-${label}`);
    await s3.start();
    return s3;
  }

  get endpoint() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The S3_* variables that point an instance at the bucket. */
  env(): Record<string, string> {
    return {
      S3_BUCKET: this.bucket,
      S3_ENDPOINT: this.endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: CREDENTIALS.id,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secret,
      S3_FORCE_PATH_STYLE: "1",
    };
  }

  get running() {
    return this.server !== null;
  }

  async start(): Promise<void> {
    if (this.server) return;
    const server = new S3rver({
      address: "127.0.0.1",
      port: this.port,
      directory: this.directory,
      silent: true,
      configureBuckets: [{ name: this.bucket }],
    });
    await server.run();
    (server.httpServer as Server).on("request", (req) => {
      this.requests.push({ at: Date.now(), method: req.method ?? "", path: req.url ?? "" });
    });
    this.server = server;
  }

  /** Stops answering (connections refused) until started again; objects are kept. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    server?.httpServer?.closeAllConnections();
    await server?.close();
  }

  /** Requests answered between two moments. */
  requestsBetween(from: number, to: number) {
    return this.requests.filter((r) => r.at >= from && r.at <= to);
  }

  /** Stored object files whose path names `part` (a record or user id), s3rver's own folder. */
  objectsNaming(part: string): string[] {
    return filesUnder(join(this.directory, this.bucket)).filter((path) => path.includes(part));
  }
}

const started = new Set<OwnS3>();

/** Runs `body` with an S3 server of its own, always stopped afterwards. */
export async function withOwnS3(label: string, body: (s3: OwnS3) => Promise<void>) {
  const s3 = await OwnS3.start(label);
  started.add(s3);
  try {
    await body(s3);
  } finally {
    started.delete(s3);
    await s3.stop();
  }
}
