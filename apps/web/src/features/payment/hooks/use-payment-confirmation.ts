import type { TPaymentSessionResponse } from "@backdrop/shared";
import { useEffect, useState } from "react";
import { ApiError } from "../../../lib/api-client.ts";
import { fetchPaymentSession } from "../../pricing/index.ts";

export const POLL_INTERVAL_MS = 1000;
/** How long the page waits for the provider to report the payment before giving up. */
export const CONFIRM_TIMEOUT_MS = 30_000;

export const CONFIRMATION_MESSAGES = {
  missingSession: "There is no payment to confirm.",
  expired: "This checkout expired before it was paid. No payment was taken.",
  timedOut:
    "We could not confirm your payment yet. If it went through, your plan and tokens will appear shortly.",
  failed: "We could not confirm your payment.",
};

export type PaymentConfirmation =
  | { status: "processing" }
  | { status: "success"; session: TPaymentSessionResponse }
  | { status: "error"; message: string };

/** Asks the server about the checkout session until it is paid, expired or the wait runs out. */
export function usePaymentConfirmation(sessionId: string | null): PaymentConfirmation {
  const [state, setState] = useState<PaymentConfirmation>(
    sessionId
      ? { status: "processing" }
      : { status: "error", message: CONFIRMATION_MESSAGES.missingSession },
  );

  useEffect(() => {
    if (!sessionId) return;
    let stopped = false;
    let timer: number | undefined;
    const giveUpAt = Date.now() + CONFIRM_TIMEOUT_MS;
    setState({ status: "processing" });

    const poll = async () => {
      try {
        const session = await fetchPaymentSession(sessionId);
        if (stopped) return;
        if (session.status === "complete") return setState({ status: "success", session });
        if (session.status === "expired") {
          return setState({ status: "error", message: CONFIRMATION_MESSAGES.expired });
        }
      } catch (error) {
        if (stopped) return;
        const message = error instanceof ApiError ? error.message : CONFIRMATION_MESSAGES.failed;
        return setState({ status: "error", message });
      }
      if (Date.now() >= giveUpAt) {
        return setState({ status: "error", message: CONFIRMATION_MESSAGES.timedOut });
      }
      timer = window.setTimeout(poll, POLL_INTERVAL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [sessionId]);

  return state;
}
