export { furryToy, longHair } from "./fur.ts";
export { glassBottle, wineGlass } from "./glass.ts";
export { armchair, handbag, kettle, vase } from "./products.ts";
export type { Subject } from "./subject.ts";
export { bicycle, headphones } from "./thin.ts";
export { whiteMug, whiteSneaker } from "./white.ts";
