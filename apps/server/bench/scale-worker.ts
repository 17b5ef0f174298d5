/**
 * One worker process of `npm run bench:scale`: `npm run worker` as the bench configures it, its
 * fal engine reaching the parent's fal emulator over HTTP (`--fal-emulator URL`). The parent
 * migrates the database, and stops it with SIGTERM; it also stops once the parent is gone.
 */
import { loadEnv } from "../src/config/index.ts";
import { createJobCore } from "../src/job-core.ts";
import { parseScaleEngine, scaleOverrides } from "./scale-engine.ts";

const env = loadEnv(undefined, "worker");
const core = createJobCore(env, scaleOverrides(env, parseScaleEngine(process.argv)));
core.jobs.start();
process.send?.({ ready: true });

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  const forceExit = setTimeout(() => process.exit(1), 10_000);
  forceExit.unref();
  await core.close();
  process.exit(0);
}
process.once("SIGTERM", () => void stop());
process.once("SIGINT", () => void stop());
// The IPC channel closes when the parent ends, however it ends.
process.once("disconnect", () => void stop());
