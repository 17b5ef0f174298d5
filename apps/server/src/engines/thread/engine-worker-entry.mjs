// The engine worker's first module. Node 20 does not hand a TypeScript loader given with
// `--import` on to worker threads, so the worker registers tsx itself (a second registration
// under `tsx src/main.ts` is harmless), then loads the worker proper.
import { register } from "tsx/esm/api";

register();
await import("./engine-worker.ts");
