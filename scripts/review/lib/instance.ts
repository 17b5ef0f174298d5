import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import process from "node:process";
import { Redis } from "ioredis";
import pg from "pg";
import { request, sleep } from "./http.ts";

export const REPO_ROOT = resolve(import.meta.dirname, "..", "..", "..");
// biome-ignore lint/style/noProcessEnv: the harness hands PATH and HOME on to the servers it starts.
const HOST_ENV = process.env;
/** REVIEW_KEEP=1 keeps every instance's data folder and logs for a look afterwards. */
const KEEP = Boolean(HOST_ENV.REVIEW_KEEP);
const PG_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres";
export const SHARED_REDIS = "redis://127.0.0.1:6379";

/** Everything this run created, so it can all be removed at the end (even after a crash). */
const live = {
  processes: new Set<ChildProcess>(),
  instances: new Set<Instance>(),
};

let runRoot: string | null = null;
/** One folder per run for every instance's DATA_DIR and logs. */
export function runDirectory(): string {
  runRoot ??= mkdtempSync(join(tmpdir(), "backdrop-review-"));
  return runRoot;
}

/**
 * A port the system calls free, of its own choosing: two harness runs side by side (narrowed
 * runs of several engineers) then never pick the same one, as counting up from one base did.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((done) => {
      const server = net.createServer();
      server.once("error", () => done(0));
      server.listen(0, "127.0.0.1", () => {
        const address = server.address();
        const chosen = typeof address === "object" && address ? address.port : 0;
        server.close(() => done(chosen));
      });
    });
    if (port && (port < 3000 || port > 3010)) return port;
  }
}

export type InstanceOptions = {
  label: string;
  database?: "sqlite" | "postgres";
  /** A Redis URL: jobs go through BullMQ and `workers` worker processes run them. */
  redisUrl?: string;
  workers?: number;
  env?: Record<string, string>;
};

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

type Proc = { child: ChildProcess; log: string; exited: Promise<number | null> };

/** A server (and its workers) started as a real process, as an operator would. */
export class Instance {
  readonly label: string;
  readonly dataDir: string;
  readonly port: number;
  readonly url: string;
  readonly env: Record<string, string>;
  readonly pgDatabase: string | null;
  readonly queuePrefix: string | null;
  readonly redisUrl: string | null;
  server: Proc | null = null;
  workers: Proc[] = [];
  private logCount = 0;

  private constructor(options: InstanceOptions, port: number) {
    this.label = options.label;
    this.port = port;
    this.url = `http://127.0.0.1:${port}`;
    const id = randomBytes(4).toString("hex");
    this.dataDir = join(runDirectory(), `${options.label.replace(/[^a-z0-9]+/gi, "-")}-${id}`);
    mkdirSync(this.dataDir, { recursive: true });
    this.pgDatabase = options.database === "postgres" ? `review_${id}` : null;
    this.redisUrl = options.redisUrl ?? null;
    this.queuePrefix = this.redisUrl ? `review-${id}` : null;
    this.env = {
      PATH: HOST_ENV.PATH ?? "/usr/bin:/bin",
      HOME: HOST_ENV.HOME ?? "/root",
      LANG: "C.UTF-8",
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(port),
      APP_URL: this.url,
      DATA_DIR: this.dataDir,
      // Sign-ups of the harness's own users must not trip the limit, except where it is tested.
      AUTH_RATE_LIMIT: "1000/60",
      UPLOAD_RATE_LIMIT: "1000/600",
      ...(this.pgDatabase
        ? { DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${this.pgDatabase}` }
        : {}),
      ...(this.redisUrl
        ? { REDIS_URL: this.redisUrl, JOB_QUEUE_PREFIX: this.queuePrefix ?? "" }
        : {}),
      ...options.env,
    };
  }

  static async start(options: InstanceOptions): Promise<Instance> {
    const instance = new Instance(options, await freePort());
    live.instances.add(instance);
    if (instance.pgDatabase) await adminQuery(`create database ${instance.pgDatabase}`);
    await instance.startServer();
    for (let i = 0; i < (options.workers ?? (options.redisUrl ? 1 : 0)); i++) {
      await instance.startWorker();
    }
    return instance;
  }

  get dialect(): "sqlite" | "postgres" {
    return this.pgDatabase ? "postgres" : "sqlite";
  }

  get databaseUrl(): string | null {
    return this.env.DATABASE_URL ?? null;
  }

  private spawnNode(script: string, name: string): Proc {
    const log = join(this.dataDir, `${name}-${++this.logCount}.log`);
    const fd = openSync(log, "a");
    const child = spawn("node", ["--import", "tsx", script], {
      cwd: REPO_ROOT,
      env: this.env,
      stdio: ["ignore", fd, fd],
    });
    closeSync(fd);
    live.processes.add(child);
    const exited = new Promise<number | null>((done) => {
      child.once("exit", (code, signal) => {
        live.processes.delete(child);
        done(code ?? (signal ? -1 : null));
      });
    });
    return { child, log, exited };
  }

  /** Starts the server and waits until it answers /api/health (any status). */
  async startServer(timeoutMs = 60_000): Promise<void> {
    this.server = this.spawnNode("apps/server/src/main.ts", "server");
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const health = await request(this.url, "/api/health", { timeoutMs: 5000 });
      // An answer counts only while our own process runs: another could hold the port.
      if (health.status !== 0 && this.server.child.exitCode === null) return;
      if (this.server.child.exitCode !== null || Date.now() > deadline) {
        throw new Error(
          `${this.label}: server did not start; log ${this.server.log}:\n${this.tail(this.server)}`,
        );
      }
      await sleep(250);
    }
  }

  async startWorker(): Promise<Proc> {
    const worker = this.spawnNode("apps/server/src/worker.ts", "worker");
    this.workers.push(worker);
    // The worker logs once it listens to the queue (or keeps retrying when Redis is away).
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && !this.logOf(worker).includes("worker is running")) {
      if (worker.child.exitCode !== null) break;
      await sleep(200);
    }
    return worker;
  }

  logOf(proc: Proc | null): string {
    if (!proc) return "";
    try {
      return readFileSync(proc.log, "utf8");
    } catch {
      return "";
    }
  }

  tail(proc: Proc | null, lines = 30): string {
    return this.logOf(proc).split("\n").slice(-lines).join("\n");
  }

  /** Every server log this instance wrote, restarts included. */
  serverLogs(): string {
    let all = "";
    for (let i = 1; i <= this.logCount; i++) {
      try {
        all += readFileSync(join(this.dataDir, `server-${i}.log`), "utf8");
      } catch {
        // not a server log number
      }
    }
    return all;
  }

  isServerUp(): boolean {
    return this.server !== null && this.server.child.exitCode === null && !this.server.child.killed;
  }

  async killServer(signal: NodeJS.Signals = "SIGKILL"): Promise<number | null> {
    const server = this.server;
    if (!server) return null;
    server.child.kill(signal);
    return server.exited;
  }

  async killWorker(index = 0, signal: NodeJS.Signals = "SIGKILL"): Promise<void> {
    const worker = this.workers[index];
    if (!worker) return;
    worker.child.kill(signal);
    await worker.exited;
  }

  private async stopProc(proc: Proc | null): Promise<void> {
    if (!proc || proc.child.exitCode !== null || proc.child.signalCode !== null) return;
    proc.child.kill("SIGTERM");
    const done = await Promise.race([
      proc.exited.then(() => true),
      sleep(15_000).then(() => false),
    ]);
    if (!done) {
      proc.child.kill("SIGKILL");
      await proc.exited;
    }
  }

  /** Stops every process and removes the database, Redis keys and data folder. */
  async stop(): Promise<void> {
    await Promise.all(this.workers.map((worker) => this.stopProc(worker)));
    await this.stopProc(this.server);
    await this.cleanup();
  }

  async cleanup(): Promise<void> {
    live.instances.delete(this);
    if (this.pgDatabase) {
      await adminQuery(`drop database if exists ${this.pgDatabase} with (force)`).catch(
        (error: unknown) => console.error(`could not drop ${this.pgDatabase}: ${error}`),
      );
    }
    if (this.redisUrl && this.queuePrefix) await deleteRedisPrefix(this.redisUrl, this.queuePrefix);
    if (!KEEP) rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** Deletes every key under `prefix:` (BullMQ's queue keys); Redis may be gone already. */
export async function deleteRedisPrefix(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  redis.on("error", () => {});
  try {
    await redis.connect();
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== "0");
  } catch {
    // Redis not reachable: nothing of ours can be left in it.
  } finally {
    redis.disconnect();
  }
}

/** A Redis server of our own (faults: it is stopped and started), never the machine's 6379. */
export class OwnRedis {
  constructor(readonly port: number) {}
  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }
  start(): void {
    execFileSync("redis-server", [
      "--port",
      String(this.port),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
      "--daemonize",
      "yes",
      "--dir",
      runDirectory(),
    ]);
    for (let i = 0; i < 50; i++) {
      try {
        execFileSync("redis-cli", ["-p", String(this.port), "ping"], { stdio: "pipe" });
        return;
      } catch {
        execFileSync("sleep", ["0.1"]);
      }
    }
  }
  stop(): void {
    try {
      execFileSync("redis-cli", ["-p", String(this.port), "shutdown", "nosave"], { stdio: "pipe" });
    } catch {
      // already stopped
    }
  }
}
const ownRedises = new Set<OwnRedis>();
export function ownRedis(port: number): OwnRedis {
  const redis = new OwnRedis(port);
  ownRedises.add(redis);
  return redis;
}

/** Runs `body` with a Redis server of its own on `port`, always stopped afterwards. */
export async function withOwnRedis(port: number, body: (redis: OwnRedis) => Promise<void>) {
  const redis = ownRedis(port);
  redis.start();
  try {
    await body(redis);
  } finally {
    redis.stop();
  }
}

/** Last resort: kills what is left and removes what was created. */
export async function cleanupEverything(): Promise<void> {
  for (const child of live.processes) child.kill("SIGKILL");
  for (const instance of [...live.instances]) await instance.cleanup();
  for (const redis of ownRedises) redis.stop();
  if (runRoot && !KEEP) rmSync(runRoot, { recursive: true, force: true });
}

/** Runs `body` against a fresh instance and always stops and removes it. */
export async function withInstance(
  options: InstanceOptions,
  body: (inst: Instance) => Promise<void>,
) {
  const inst = await Instance.start(options);
  try {
    await body(inst);
  } finally {
    await inst.stop();
  }
}
