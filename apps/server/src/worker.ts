import { formatEnvError, loadEnv } from "./config/index.ts";
import { createContainer } from "./container.ts";
import { describeError } from "./lib/errors.ts";
import { logUnhandledRejections } from "./lib/process-guards.ts";
import { migrate } from "./repositories/migrations/index.ts";

/** `npm run worker`: runs image jobs taken from Redis, beside one or more servers. */
async function main(): Promise<void> {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (error) {
    console.error(formatEnvError(error));
    process.exit(1);
  }
  if (!env.redisUrl) {
    console.error(
      "Invalid configuration: REDIS_URL must be set for `npm run worker`; without it the server runs jobs itself",
    );
    process.exit(1);
  }
  const container = createContainer(env);
  logUnhandledRejections(container.logger);
  await migrate(container.database);
  container.jobs.start();
  container.logger.info(
    `Backdrop worker is running (image engine: ${container.jobs.engine.id}, concurrency: ${env.jobs.concurrency})`,
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    container.logger.info(`${signal} received, finishing running jobs`);
    // A job cut off here is resumed by the next worker once its lease runs out.
    const forceExit = setTimeout(() => process.exit(1), 30_000);
    forceExit.unref();
    await container.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  console.error(`Backdrop worker failed to start: ${describeError(error)}`);
  process.exit(1);
});
