/**
 * The API server of `npm run bench:scale`, in the bench's own process: it takes uploads and
 * queues jobs in Redis as `npm start` would, and runs none of them (the workers do).
 */

import { serve } from "@hono/node-server";
import { createApp } from "../src/app.ts";
import { loadEnv } from "../src/config/index.ts";
import { type Container, createContainer } from "../src/container.ts";
import { type Logger, silentLogger } from "../src/lib/logger.ts";
import { migrate } from "../src/repositories/migrations/index.ts";
import { freePort } from "../test/helpers/free-port.ts";
import { type ScaleEngine, scaleOverrides } from "./scale-engine.ts";

export type BenchServer = { base: string; container: Container; close(): Promise<void> };

/** Warnings and errors only, so that the bench's own lines stay readable. */
const serverLogger: Logger = {
  ...silentLogger,
  warn: (message) => {
    // The outbox mailer's notice at start: the bench reads its mailbox on purpose.
    if (!message.startsWith("Dev mailbox")) console.warn(`[server] warn ${message}`);
  },
  error: (message) => console.error(`[server] error ${message}`),
};

/**
 * Serves the product with `env` (the workers' settings) on a free port of 127.0.0.1, once its
 * database is migrated: the workers find it ready.
 */
export async function startBenchServer(
  env: Record<string, string>,
  engine: ScaleEngine,
): Promise<BenchServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const config = loadEnv({
    ...env,
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: base,
    AUTH_RATE_LIMIT: "1000/60",
    UPLOAD_RATE_LIMIT: "1000/60",
  });
  const container = createContainer(config, {
    ...scaleOverrides(config, engine),
    logger: serverLogger,
  });
  await migrate(container.database);
  container.jobs.startServer();
  const server = serve({ fetch: createApp(container).fetch, hostname: "127.0.0.1", port });
  return {
    base,
    container,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await container.close();
    },
  };
}
