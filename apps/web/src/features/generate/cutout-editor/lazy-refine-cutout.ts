import { lazyComponent } from "../../../lib/lazy-component.ts";
import type { RefineCutoutProps } from "./refine-cutout.tsx";

/** Shown once a photo is picked: kept out of the first download. */
export const LazyRefineCutout = lazyComponent<RefineCutoutProps>(() =>
  import("./refine-cutout.tsx").then((module) => module.RefineCutout),
);
