/** The cut-out's evaluation set: pictures built at run time with the subject's exact alpha. */
export { type BuiltCase, buildCase, neighboursAlpha } from "./build-case.ts";
export { CUTOUT_CASES } from "./cases.ts";
export { CATEGORIES, type Category, type CutoutCase } from "./cutout-case.ts";
