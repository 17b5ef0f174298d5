/** The product's original pixels put back over a generative model's picture, and measured. */
export { alignSubject, MIN_MATCH } from "./align.ts";
export { keepSubject } from "./keep-subject.ts";
export { placeOnCanvas, roundPlacement } from "./place.ts";
