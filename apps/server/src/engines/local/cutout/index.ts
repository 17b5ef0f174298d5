/** The subject cut out of a photo: ISNet's mask, refined into a clean matte. */
export { type CutoutModel, createIsnetCutout } from "./cutout.ts";
export type { MatteOptions } from "./matte.ts";
