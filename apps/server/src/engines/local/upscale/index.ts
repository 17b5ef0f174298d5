/** Doubling a picture's size: ESRGAN-slim run tile by tile, or Lanczos as the baseline. */
export {
  esrganUpscaler,
  lanczosUpscaler,
  type Upscaler,
  type UpscalerOptions,
} from "./upscale.ts";
