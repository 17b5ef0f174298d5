/** Drawing a scene plan to pixels: backdrops, surfaces, lights, depth of field and finish. */
export { lightSide, renderScene } from "./render-scene.ts";
