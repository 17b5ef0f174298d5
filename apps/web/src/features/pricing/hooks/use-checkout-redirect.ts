import { useState } from "react";
import { ApiError } from "../../../lib/api-client.ts";
import { browserLocation } from "../../../lib/browser-location.ts";
import { notifyError } from "../../../lib/notify.ts";

/**
 * Runs a call that answers with a hosted page (checkout or portal) and goes there. `pending`
 * names what is on its way, so only that button spins; it stays set while the page unloads.
 */
export function useCheckoutRedirect() {
  const [pending, setPending] = useState<string | null>(null);
  const start = async (key: string, call: () => Promise<{ url: string }>) => {
    if (pending) return;
    setPending(key);
    try {
      const { url } = await call();
      browserLocation.assign(url);
    } catch (error) {
      setPending(null);
      notifyError(error instanceof ApiError ? error.message : String(error));
    }
  };
  return { pending, start };
}
