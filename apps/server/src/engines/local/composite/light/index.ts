/** How the scene's light falls on the subject: colour match, wrap, rim and side light. */
export { lightMatchFor, lightMatchTables } from "./light-match.ts";
export { photoSurroundings, sceneLightAround } from "./light-sample.ts";
export { lightWrap, wrapRadius } from "./light-wrap.ts";
export { rimLight } from "./rim-light.ts";
export { sideLightGains } from "./side-light.ts";
