import { hex, mix, type Rgb, WHITE } from "../../common/index.ts";
import type { ScenePlan, SceneProp } from "../../types.ts";
import { MATERIAL_COLOURS } from "./settings.ts";
import { MATERIAL_GLOSS } from "./words.ts";

/** Red-brown brick, top of the wall → its foot: the wall's own colours behind a brick wall. */
const BRICK: [string, string] = ["#8a4c39", "#9e5f48"];
const AUTUMN: Rgb = [196, 120, 52];

/**
 * What props change in the scene around them, applied before the colour, light and camera words
 * (which win): a brick wall is the wall's colour, with an edge where it meets the floor and sharp
 * enough to read as brick; shadow patterns need hard light and a wall in focus; string lights
 * glow best in a dimmer, warmer room.
 */
export function applyPropLooks(plan: ScenePlan, outdoor: boolean, surfaceNamed: boolean): void {
  const has = (prop: SceneProp) => plan.props.includes(prop);
  if (has("brick wall")) {
    plan.sky = [hex(BRICK[0]), hex(BRICK[1])];
    if (plan.backdrop === "studio") plan.backdrop = "wall";
    plan.camera.bokeh = Math.min(plan.camera.bokeh, 0.4);
    // A loft's table is wood unless the prompt says what it is.
    const wood = MATERIAL_COLOURS.wood;
    if (!surfaceNamed && plan.material === "plain" && wood) {
      plan.material = "wood";
      plan.gloss = MATERIAL_GLOSS.wood;
      plan.floor = [hex(wood[0]), hex(wood[1])];
    }
  }
  if (has("palm shadows") || has("blind shadows")) {
    plan.light.hardness = Math.max(plan.light.hardness, 0.8);
    plan.light.contrast *= 1.04;
    plan.camera.bokeh = Math.min(plan.camera.bokeh, 0.3);
  }
  if (has("string lights") && !outdoor) {
    plan.sky = [mix(plan.sky[0], [40, 30, 24], 0.3), mix(plan.sky[1], [60, 44, 34], 0.2)];
    plan.light.tint = mix(plan.light.tint, hex("#ffc98a"), 0.5);
    plan.light.amount = Math.max(plan.light.amount, 0.12);
  }
  // Keep a drape's wall from going grey under the colour words that come later.
  if (has("drape") && plan.backdrop === "studio") plan.sky[1] = mix(plan.sky[1], WHITE, 0.1);
}

/** Autumn turns foliage amber (its warm light comes with the warmth it brings). */
export function applyAutumnLook(plan: ScenePlan): void {
  if (plan.backdrop !== "foliage") return;
  plan.sky = [mix(plan.sky[0], AUTUMN, 0.35), mix(plan.sky[1], AUTUMN, 0.45)];
  plan.floor = [mix(plan.floor[0], AUTUMN, 0.3), mix(plan.floor[1], AUTUMN, 0.2)];
}
