import type { checkPhoto as checkNow } from "./photo-intake.ts";

/**
 * The checks of a picked file (photo-intake.ts), fetched with the first pick rather than with the
 * app's first load; the studio and the batch both call them through here.
 */
export const checkPhoto: typeof checkNow = async (...args) =>
  (await import("./photo-intake.ts")).checkPhoto(...args);
