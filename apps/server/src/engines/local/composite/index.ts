/**
 * The subject placed in its scene: framing, then shadows (shadows/), a reflection and the
 * scene's light on the subject (light/), composited over the rendered scene.
 */
export { type ComposedScene, composeScene, composite, layoutFor } from "./composite.ts";
export { fillsFrame } from "./fills-frame.ts";
export {
  framingFor,
  horizonFor,
  layoutOnWhite,
  layoutSubject,
  type SubjectLayout,
  subjectBounds,
  WHITE_FILL,
  whiteFraming,
} from "./framing.ts";
export { podiumFraming } from "./podium-framing.ts";
