import type { SceneProp } from "../../../types.ts";
import type { Canvas } from "../svg.ts";
import { brickWall } from "./brick.ts";
import { drape } from "./cloth.ts";
import { FRUIT, fruitProp } from "./fruit.ts";
import { pebblesProp } from "./pebbles.ts";
import { type Band, besideMask, SHADE_DEFS, spotsFor } from "./placement.ts";
import { plantProp } from "./plants.ts";
import { autumnLeaves, pineBranches } from "./seasonal.ts";
import { blindShadows, palmShadows } from "./shadow-patterns.ts";
import { splashProp } from "./splash.ts";
import { stringLightsBehind, stringLightsInFront } from "./string-lights.ts";

/**
 * The props of a plan, drawn in three layers: the wall itself (a brick wall, under the room's
 * furniture), what is behind the focus plane (a drape, the string lights' wires, light patterns
 * on the wall and floor) and what is in it, beside the subject (plants, fruit, stones, seasonal
 * things, a splash) with the string lights' glow. The subject is laid over all of them.
 */

export { pottedPlant } from "./plants.ts";

const has = (canvas: Canvas, prop: SceneProp) => canvas.plan.props.includes(prop);

/** The wall: drawn before the backdrop's furniture indoors, over a street's buildings outdoors. */
export function propsOnWall(canvas: Canvas): string {
  return has(canvas, "brick wall") && !canvas.plan.camera.topDown ? brickWall(canvas) : "";
}

/** Behind the focus plane, after the backdrop. */
export function propsBehind(canvas: Canvas): string {
  const topDown = canvas.plan.camera.topDown;
  return [
    has(canvas, "drape") && !topDown ? drape(canvas) : "",
    has(canvas, "string lights") && !topDown ? stringLightsBehind(canvas) : "",
    has(canvas, "palm shadows") ? palmShadows(canvas) : "",
    has(canvas, "blind shadows") ? blindShadows(canvas) : "",
  ].join("");
}

/** In the focus plane, beside the subject and kept off it, and the string lights' glow. */
export function propsInFront(canvas: Canvas): string {
  const { plan } = canvas;
  const fruit = FRUIT.filter((kind) => plan.props.includes(kind));
  // Tall things stand further back, small ones in front.
  const wanted: [SceneProp, Band][] = [];
  if (has(canvas, "plant")) wanted.push(["plant", "back"]);
  if (fruit[0]) wanted.push([fruit[0], "front"]);
  if (has(canvas, "pebbles")) wanted.push(["pebbles", "front"]);
  const spots = spotsFor(canvas, wanted);
  const beside = [
    has(canvas, "autumn leaves") ? autumnLeaves(canvas) : "",
    has(canvas, "pine branches") ? pineBranches(canvas) : "",
  ];
  // Spots further back are drawn first.
  const placed = [...spots.entries()].sort(([, a], [, b]) => a.y - b.y);
  for (const [prop, spot] of placed) {
    if (prop === "plant") beside.push(plantProp(canvas, spot));
    else if (prop === "pebbles") beside.push(pebblesProp(canvas, spot));
    else beside.push(fruitProp(canvas, fruit, spot));
  }
  if (has(canvas, "splash") && !plan.camera.topDown) beside.push(splashProp(canvas));
  const lights =
    has(canvas, "string lights") && !plan.camera.topDown ? stringLightsInFront(canvas) : "";
  const drawn = beside.join("");
  if (!drawn && !lights) return "";
  return `${lights}<defs>${SHADE_DEFS}${besideMask(canvas, "beside")}</defs><g mask="url(#beside)">${drawn}</g>`;
}
