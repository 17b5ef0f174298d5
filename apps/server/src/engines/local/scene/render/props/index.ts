import type { SceneProp } from "../../../types.ts";
import type { Canvas } from "../svg.ts";
import { brickWall } from "./brick.ts";
import { drape } from "./cloth.ts";
import { blindShadows, palmShadows } from "./shadow-patterns.ts";
import { stringLightsBehind, stringLightsInFront } from "./string-lights.ts";

/**
 * The props of a plan, drawn in three layers: the wall itself (a brick wall, under the room's
 * furniture), what is behind the focus plane (a drape, the string lights' wires, light patterns
 * on the wall and floor) and the string lights' glow in front. The subject is laid over all of
 * them. Props that would look drawn beside a photograph (fruit, plants, stones, seasonal
 * things, splashes) are never planned: see LOOKS_DRAWN.
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

/** In the focus plane: the string lights' glow in front of the subject. */
export function propsInFront(canvas: Canvas): string {
  return has(canvas, "string lights") && !canvas.plan.camera.topDown
    ? stringLightsInFront(canvas)
    : "";
}
