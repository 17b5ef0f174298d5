/**
 * One autocannon run against one URL, in a process of its own (its CLI with --json), so the
 * load generator neither shares the server's event loop nor the benchmark's.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";

const AUTOCANNON = createRequire(import.meta.url).resolve("autocannon");

export type LoadOptions = {
  connections: number;
  durationSeconds: number;
  headers?: Record<string, string>;
};

export type LoadResult = {
  /** Requests answered per second, averaged over the run. */
  rate: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Answers outside 2xx, and connection errors or time-outs: a valid run has none. */
  non2xx: number;
  errors: number;
};

/** The fields of autocannon's --json report this benchmark reads. */
type AutocannonReport = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
};

export async function runLoad(url: string, options: LoadOptions): Promise<LoadResult> {
  const args = [
    AUTOCANNON,
    "--json",
    "--no-progress",
    "--connections",
    String(options.connections),
    "--duration",
    String(options.durationSeconds),
    ...Object.entries(options.headers ?? {}).flatMap(([name, value]) => [
      "--headers",
      `${name}:${value}`,
    ]),
    url,
  ];
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`autocannon exited with ${code}: ${stderr}`);
  const report = JSON.parse(stdout) as AutocannonReport;
  return {
    rate: report.requests.average,
    p50Ms: report.latency.p50,
    p99Ms: report.latency.p99,
    requests: report.requests.total,
    non2xx: report.non2xx,
    errors: report.errors + report.timeouts,
  };
}
