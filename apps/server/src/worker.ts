import { type Env, formatEnvError, loadEnv } from "./config/index.ts";
import { createJobCore } from "./job-core.ts";
import { describeError } from "./lib/errors.ts";
import { logUnhandledRejections } from "./lib/process-guards.ts";
import { migrate } from "./repositories/migrations/index.ts";

function readEnv(): Env {
  try {
    return loadEnv(undefined, "worker");
  } catch (error) {
    console.error(formatEnvError(error));
    process.exit(1);
  }
}

/**
 * `npm run worker`: runs image jobs taken from Redis, beside one or more servers. It builds
 * only what jobs use (database, files, ledger, engine), so it needs none of the server's
 * sign-in, mail or payment settings.
 */
async function main(): Promise<void> {
  const env = readEnv();
  if (!env.redisUrl) {
    console.error(
      "Invalid configuration: REDIS_URL must be set for `npm run worker`; without it the server runs jobs itself",
    );
    process.exit(1);
  }
  const core = createJobCore(env);
  const { logger } = core;
  logUnhandledRejections(logger);
  await migrate(core.database);
  core.jobs.start();
  logger.info(
    `Backdrop worker is running (image engine: ${core.jobs.engine.id}, concurrency: ${env.jobs.concurrency}, storage: ${core.bucket ? "S3" : "disk"})`,
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(
      `${signal} received: running jobs get ${env.jobs.shutdownGraceMs / 1000} s to finish, then go back to the line`,
    );
    // Should closing hang, a job cut off here is resumed elsewhere once its lease runs out.
    const forceExit = setTimeout(() => process.exit(1), env.jobs.shutdownGraceMs + 15_000);
    forceExit.unref();
    await core.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  console.error(`Backdrop worker failed to start: ${describeError(error)}`);
  process.exit(1);
});
