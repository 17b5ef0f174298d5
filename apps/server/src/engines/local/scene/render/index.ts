/** Drawing a scene plan to pixels: backdrops, surfaces, lights, depth of field and finish. */
export { type PodiumShape, podiumReach, podiumShape } from "./podium.ts";
export { lightSide, renderScene } from "./render-scene.ts";
