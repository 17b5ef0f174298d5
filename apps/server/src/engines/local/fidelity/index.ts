/** How faithful a result's product is to the original photo's: CIEDE2000 over its inside. */
export { deltaE2000, labOf } from "./delta-e.ts";
export { differenceMap } from "./difference-map.ts";
export {
  edgeMargin,
  type FidelityMeasure,
  type MeasureGrid,
  measureFidelity,
  measureStep,
  type Pixels,
} from "./measure.ts";
export { measuredResult } from "./measured-result.ts";
export { productRegion } from "./product-region.ts";
