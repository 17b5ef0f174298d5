import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { silentLogger } from "../lib/logger.ts";
import { AUTH_SECRET_FILE, resolveAuthSecret } from "./auth-secret.ts";

describe("resolveAuthSecret", () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = join(mkdtempSync(join(tmpdir(), "backdrop-secret-")), "data");
  });
  afterEach(() => rmSync(join(dataDir, ".."), { recursive: true, force: true }));

  it("uses BETTER_AUTH_SECRET and writes nothing", () => {
    const secret = "x".repeat(40);
    expect(resolveAuthSecret({ authSecret: secret, dataDir }, silentLogger)).toBe(secret);
    expect(() => statSync(join(dataDir, AUTH_SECRET_FILE))).toThrow();
  });

  it("generates a secret once, readable by the owner only, and reuses it", () => {
    const first = resolveAuthSecret({ authSecret: null, dataDir }, silentLogger);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = join(dataDir, AUTH_SECRET_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8").trim()).toBe(first);

    const second = resolveAuthSecret({ authSecret: null, dataDir }, silentLogger);
    expect(second).toBe(first);
  });

  it("gives each data folder its own secret", () => {
    const other = join(dataDir, "..", "other");
    const a = resolveAuthSecret({ authSecret: null, dataDir }, silentLogger);
    const b = resolveAuthSecret({ authSecret: null, dataDir: other }, silentLogger);
    expect(a).not.toBe(b);
  });

  it("refuses a file that holds no usable secret", () => {
    resolveAuthSecret({ authSecret: null, dataDir }, silentLogger);
    writeFileSync(join(dataDir, AUTH_SECRET_FILE), "short\n");
    expect(() => resolveAuthSecret({ authSecret: null, dataDir }, silentLogger)).toThrow(
      /fewer than 32 characters; delete it to generate a new secret/,
    );
  });
});
