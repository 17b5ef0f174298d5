import { spawn } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const SERVER_DIR = join(import.meta.dirname, "..");

function run(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "test/fixtures/scripts/unhandled-rejection.ts", ...args],
      { cwd: SERVER_DIR, stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("exit", (code) => resolve({ code, output }));
  });
}

describe("a process with an unhandled rejection", () => {
  it("dies without the guard, as Node does by default", async () => {
    const { code, output } = await run([]);
    expect(code).not.toBe(0);
    expect(output).not.toMatch(/still serving/);
  });

  it("logs it and keeps serving with the guard the server and worker install", async () => {
    const { code, output } = await run(["--guarded"]);
    expect(code).toBe(0);
    const logged = output.split("\n").find((line) => line.includes("Unhandled promise"));
    expect(JSON.parse(logged ?? "{}")).toMatchObject({
      level: 50,
      msg: "Unhandled promise rejection; still serving",
      error: { message: "an engine call nobody waited for" },
    });
    expect(output).toMatch(/still serving\n/);
  });
});
