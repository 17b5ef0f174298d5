import { formatEnvError, loadEnv } from "./index.ts";

/** The one-line message loadEnv refuses `source` with; throws if it is accepted. */
export function envError(source: Record<string, string>): string {
  try {
    loadEnv(source);
  } catch (error) {
    return formatEnvError(error);
  }
  throw new Error("expected the configuration to be refused");
}
