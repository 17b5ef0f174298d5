import { describe, expect, it } from "vitest";
import { withLogContext } from "./log-context.ts";
import { createPinoLogger, type LogLevel } from "./logger.ts";

function captured(level: LogLevel = "info") {
  const lines: Record<string, unknown>[] = [];
  const destination = { write: (line: string) => void lines.push(JSON.parse(line)) };
  return { lines, logger: createPinoLogger({ level, destination }) };
}

describe("the JSON logger", () => {
  it("writes one JSON object per line with the message and fields", () => {
    const { lines, logger } = captured();
    logger.info("Job accepted", { kind: "generate", takes: 2 });
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, msg: "Job accepted", kind: "generate", takes: 2 }),
    ]);
  });

  it("keeps an error's type, message and stack", () => {
    const { lines, logger } = captured();
    logger.error("Upload failed", { error: new TypeError("disk full") });
    expect(lines[0]?.error).toMatchObject({ type: "TypeError", message: "disk full" });
    const error = lines[0]?.error as { stack: string } | undefined;
    expect(error?.stack).toContain("logger.test.ts");
  });

  it("adds the context of the request or job the line is written in, however deep", async () => {
    const { lines, logger } = captured();
    await withLogContext({ requestId: "r-1" }, async () => {
      await Promise.resolve();
      logger.warn("deep inside", { path: "/api/fal/upload" });
      // A job started during the request has its own context, not the request's.
      withLogContext({ jobId: "j-1" }, () => logger.info("job at work"));
      logger.info("later in the request");
    });
    logger.info("outside");
    expect(lines[0]).toMatchObject({ msg: "deep inside", requestId: "r-1" });
    expect(lines[1]).toEqual(expect.objectContaining({ msg: "job at work", jobId: "j-1" }));
    expect(lines[1]).not.toHaveProperty("requestId");
    // A line's own fields stay on that line.
    expect(lines[2]).toMatchObject({ msg: "later in the request", requestId: "r-1" });
    expect(lines[2]).not.toHaveProperty("path");
    expect(lines[3]).not.toHaveProperty("requestId");
  });

  it("writes nothing below its level", () => {
    const { lines, logger } = captured("warn");
    logger.debug("poll");
    logger.info("request");
    logger.warn("slow");
    expect(lines.map((line) => line.msg)).toEqual(["slow"]);
  });
});
