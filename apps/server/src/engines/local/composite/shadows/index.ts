/** The subject's shadows on the floor: the cast shadow, the contact shadow, and both together. */
export { shadowProjection } from "./cast-shadow.ts";
export { floorShadow } from "./floor-shadow.ts";
