import { useState } from "react";
import { ApiError } from "../../../lib/api-client.ts";

/**
 * One subscription call run from a modal: busy while it runs, and on failure the server's
 * error or, when it gave none, the spec's default for that call.
 */
export function useSubscriptionAction(fallbackError: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : fallbackError);
    } finally {
      setBusy(false);
    }
  };

  return { busy, error, run, clearError: () => setError(null) };
}
