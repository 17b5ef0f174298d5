/** The networks the engine runs (ISNet, ESRGAN-slim), their shared run queue and ONNX plumbing. */
export { esrganTileModel, type TileModel } from "./esrgan-model.ts";
export { ISNET_SIZE, isnetPredictor, isnetSession, type MaskPredictor } from "./isnet-model.ts";
export type { RunPriority } from "./model-runs.ts";
