export { seededRandom } from "../../src/engines/local/common/index.ts";

/** A number rounded to two decimals, so the drawn SVG text is the same everywhere. */
export function fixed(value: number): string {
  return (Math.round(value * 100) / 100).toString();
}
