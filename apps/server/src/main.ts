import { createApp } from "./app.ts";
import { type Env, formatEnvError, loadEnv } from "./config/index.ts";
import { createContainer } from "./container.ts";
import { describeError } from "./lib/errors.ts";
import { listen } from "./lib/http-server.ts";
import { logUnhandledRejections } from "./lib/process-guards.ts";
import { migrate } from "./repositories/migrations/index.ts";

function readEnv(): Env {
  try {
    return loadEnv();
  } catch (error) {
    console.error(formatEnvError(error));
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const env = readEnv();
  const container = createContainer(env);
  const { logger } = container;
  logUnhandledRejections(logger);

  const applied = await migrate(container.database);
  if (applied.length > 0) logger.info(`Applied migrations: ${applied.join(", ")}`);
  // With REDIS_URL the jobs run in worker processes (`npm run worker`) instead.
  container.jobs.startServer();

  const server = listen(createApp(container).fetch, env.host, env.port);
  server.once("listening", () => {
    logger.info(
      `Backdrop is running at ${env.appUrl} (database: ${container.database.dialect}, mail: ${container.mailer.transport}, Google sign-in: ${container.identity.googleSignIn ? "on" : "off"}, image engine: ${container.jobs.engine.id}, jobs: ${container.jobs.driver.id}, rate limits: ${container.rateLimits.store})`,
    );
  });
  server.once("error", async (error) => {
    logger.error(`Could not listen on ${env.host}:${env.port}`, { error });
    await container.close();
    process.exit(1);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received, shutting down`);
    // Running jobs get their grace, then a little longer for what is left to close.
    const forceExit = setTimeout(() => process.exit(1), env.jobs.shutdownGraceMs + 15_000);
    forceExit.unref();
    // Event streams end now (browsers reconnect to another server); requests in flight finish.
    container.closing.abort();
    server.close(async () => {
      await container.close();
      process.exit(0);
    });
    // Idle keep-alive connections would otherwise hold close() open.
    if ("closeIdleConnections" in server) server.closeIdleConnections();
  };
  process.once("SIGINT", () => shutdown("SIGINT"));
  process.once("SIGTERM", () => shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  console.error(`Backdrop failed to start: ${describeError(error)}`);
  process.exit(1);
});
