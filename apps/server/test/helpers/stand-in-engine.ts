import { GENERATION_DEFAULTS } from "@backdrop/shared";
import type { EngineImage, EngineResult, JobContext } from "../../src/engines/image-engine.ts";
import { createLocalEngine } from "../../src/engines/local/local.engine.ts";
import { middleCutout } from "./stand-in-cutout.ts";

/** A job nobody watches or stops. */
export const quietJob = (): JobContext => ({
  signal: new AbortController().signal,
  reportStage: () => {},
});

/**
 * The local engine on the stand-in cut-out, called as its jobs call it: a realtime generation
 * with a fixed seed, and an edit of a result together with the scene that result kept.
 */
export function standInEngine() {
  const engine = createLocalEngine({ cutout: middleCutout });
  return {
    engine,
    generate: (image: EngineImage, prompt: string): Promise<EngineResult> =>
      engine.generate(
        { image, prompt, options: { ...GENERATION_DEFAULTS }, method: "realtime", seed: 7 },
        quietJob(),
      ),
    edit: (from: EngineResult, prompt: string): Promise<EngineResult> => {
      const { keep, ...image } = from;
      return engine.edit({ image, prompt, ...(keep ? { kept: keep } : {}) }, quietJob());
    },
  };
}
