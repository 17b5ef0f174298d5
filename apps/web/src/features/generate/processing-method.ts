/** SPEC point 2: realtime is the default processing method. */
export type ProcessingMethod = "realtime" | "queue";
export const DEFAULT_METHOD: ProcessingMethod = "realtime";
