import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type Stripe from "stripe";
import { vi } from "vitest";
import { createApp } from "../../src/app.ts";
import { loadEnv } from "../../src/config/index.ts";
import { type ContainerOverrides, createContainer } from "../../src/container.ts";
import type { FalTransport } from "../../src/engines/create-engine.ts";
import type { ImageEngine } from "../../src/engines/image-engine.ts";
import type { Clock } from "../../src/lib/clock.ts";
import type { Logger } from "../../src/lib/logger.ts";
import type { Mailer } from "../../src/mail/mailer.ts";
import type { DatabaseHandle } from "../../src/repositories/database.ts";
import type { JobsOptions } from "../../src/services/generations/create-jobs.ts";
import type { FileStorage } from "../../src/storage/file-storage.ts";

export const SUPPORT_EMAIL = "support@backdrop.test";
export const APP_URL = "http://app.backdrop.test";
/** A fixed secret, so no test writes one into the repository's data folder. */
export const TEST_AUTH_SECRET = "test-secret-test-secret-test-secret-0123456789";

export type TestAppOptions = {
  env?: Record<string, string>;
  mailer?: Mailer;
  clock?: Clock;
  webDistDir?: string;
  /** The Stripe SDK for a test that sets STRIPE_SECRET_KEY, pointed at the emulator. */
  stripe?: Stripe;
  engine?: ImageEngine;
  falTransport?: FalTransport;
  jobs?: JobsOptions;
  /** Where files go instead of a fresh folder on disk (tests wrap it to make it fail or stall). */
  storage?: FileStorage;
  /** A logger instead of the silent recording one (tests reading the JSON lines). */
  logger?: Logger;
  /** Download limits instead of the defaults (a short idle time). */
  downloads?: ContainerOverrides["downloads"];
  /** The previews' line instead of the default (refusals answered without a pause). */
  previewGate?: ContainerOverrides["previewGate"];
};

export function recordingLogger() {
  return { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() } satisfies Logger;
}

/** The app as the server builds it, on the given database, with a silent recording logger. */
export function createTestApp(database: DatabaseHandle, options: TestAppOptions = {}) {
  const env = loadEnv({
    NODE_ENV: "test",
    APP_URL,
    SUPPORT_EMAIL,
    BETTER_AUTH_SECRET: TEST_AUTH_SECRET,
    // A test that closes its app mid-job hands the job back at once rather than waiting.
    JOB_SHUTDOWN_GRACE_SECONDS: "0",
    // Each app keeps its images, and its Content Credentials key, in folders of its own.
    FILES_DIR: join(tmpdir(), `backdrop-files-${randomUUID()}`),
    DATA_DIR: join(tmpdir(), `backdrop-data-${randomUUID()}`),
    ...options.env,
  });
  const logger = recordingLogger();
  const container = createContainer(env, {
    database,
    logger: options.logger ?? logger,
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.stripe ? { stripe: options.stripe } : {}),
    ...(options.engine ? { engine: options.engine } : {}),
    ...(options.falTransport ? { falTransport: options.falTransport } : {}),
    ...(options.jobs ? { jobs: options.jobs } : {}),
    ...(options.storage ? { storage: options.storage } : {}),
    ...(options.downloads ? { downloads: options.downloads } : {}),
    ...(options.previewGate ? { previewGate: options.previewGate } : {}),
    // A folder that does not exist unless a test provides a build.
    webDistDir: options.webDistDir ?? join(tmpdir(), `backdrop-no-web-${randomUUID()}`, "dist"),
  });
  return { app: createApp(container), container, logger };
}

type App = ReturnType<typeof createApp>;

export function postJson(
  app: App,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return Promise.resolve(
    app.request(path, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
}

export function steppingClock(start = Date.UTC(2026, 0, 1), step = 1_000): Clock {
  let now = start;
  return {
    now: () => {
      now += step;
      return now;
    },
  };
}

/** An app as `createTestApp` builds it. */
export type TestApp = ReturnType<typeof createTestApp>;
