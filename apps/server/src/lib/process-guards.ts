import type { Logger } from "./logger.ts";

/**
 * A promise rejected with nobody listening is a bug to log, not a reason to stop serving every
 * other user: Node would otherwise end the process. Thrown exceptions still end it, as they
 * may leave the process in a state nobody can reason about.
 */
export function logUnhandledRejections(logger: Logger): void {
  process.on("unhandledRejection", (reason) => {
    logger.error("Unhandled promise rejection; still serving", {
      error: reason instanceof Error ? reason : new Error(String(reason)),
    });
  });
}
