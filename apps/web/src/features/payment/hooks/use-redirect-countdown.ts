import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";

/** SPEC point 9: the payment pages return to the studio 3 s after the result. */
export const PAYMENT_REDIRECT_SECONDS = 3;

const TICK_MS = 250;

/**
 * Once `active`, counts down from the clock (background tabs slow timers) and then replaces
 * the page with `to`. Answers the whole seconds left, for the visible countdown.
 */
export function useRedirectCountdown(
  active: boolean,
  to = "/",
  seconds = PAYMENT_REDIRECT_SECONDS,
) {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const [remaining, setRemaining] = useState(seconds);

  useEffect(() => {
    if (!active) return;
    const endsAt = Date.now() + seconds * 1000;
    setRemaining(seconds);
    const timer = window.setInterval(() => {
      const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) {
        window.clearInterval(timer);
        void navigateRef.current(to, { replace: true });
      }
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [active, seconds, to]);

  return remaining;
}
