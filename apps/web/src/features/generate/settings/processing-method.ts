/** SPEC point 2: realtime is the default processing method. */
export {
  DEFAULT_PROCESSING_METHOD as DEFAULT_METHOD,
  type ProcessingMethod,
} from "@backdrop/shared";
