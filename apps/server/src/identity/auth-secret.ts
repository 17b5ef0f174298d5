import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { AUTH_SECRET_MIN_LENGTH } from "../config/index.ts";
import type { Logger } from "../lib/logger.ts";

export const AUTH_SECRET_FILE = "auth-secret";

function errorCode(error: unknown): unknown {
  return typeof error === "object" && error !== null ? (error as { code?: unknown }).code : null;
}

function readSecret(file: string): string | null {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if (errorCode(error) === "ENOENT") return null;
    throw error;
  }
  const secret = text.trim();
  if (secret.length < AUTH_SECRET_MIN_LENGTH) {
    throw new Error(
      `${file} holds fewer than ${AUTH_SECRET_MIN_LENGTH} characters; delete it to generate a new secret`,
    );
  }
  return secret;
}

/**
 * The key that signs session cookies and tokens: BETTER_AUTH_SECRET when set, otherwise one
 * generated on the first start and kept in DATA_DIR (readable by the owner only), so that
 * sessions survive restarts without any configuration.
 */
export function resolveAuthSecret(
  env: { authSecret: string | null; dataDir: string },
  logger: Logger,
): string {
  if (env.authSecret) return env.authSecret;
  const file = join(env.dataDir, AUTH_SECRET_FILE);
  const existing = readSecret(file);
  if (existing) return existing;

  mkdirSync(env.dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    // Another process created it first: use theirs, so both sign with the same key.
    if (errorCode(error) === "EEXIST") {
      const theirs = readSecret(file);
      if (theirs) return theirs;
    }
    throw error;
  }
  logger.info(`Generated a session secret in ${file} (set BETTER_AUTH_SECRET to choose one)`);
  return secret;
}
