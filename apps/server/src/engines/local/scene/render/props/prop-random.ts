import { hashString, seededRandom } from "../../../common/index.ts";
import type { SceneProp } from "../../../types.ts";
import type { Canvas, Random } from "../svg.ts";

/** One prop family's dice: the same for a seed whatever else the scene holds. */
export function propRandom(canvas: Canvas, prop: SceneProp): Random {
  return seededRandom(canvas.seed ^ hashString(`prop ${prop}`));
}
