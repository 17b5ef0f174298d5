/** The subject cut out of a photo: ISNet's mask, refined into a clean matte. */
export { type CutoutModel, createIsnetCutout, cutOut } from "./cutout.ts";
export { cutoutFromPng, cutoutToPng, matteFromPng, matteToPng } from "./cutout-png.ts";
export type { MatteOptions } from "./matte.ts";
