import { MESSAGES } from "@backdrop/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import { browserWindow } from "../browser-window.ts";
import {
  AUTH_COMPLETE_PATH,
  GOOGLE_POPUP_NAME,
  GOOGLE_POPUP_SIZE,
  isGoogleSignInMessage,
} from "../google-popup.ts";
import { fetchIdentitySession, LOGIN_PATH, startGoogleSignIn } from "../identity-client.ts";
import { useCompleteSignIn } from "./use-complete-sign-in.ts";

const CLOSED_CHECK_MS = 500;

type GoogleSignInOptions = {
  /** Where a full-page sign-in (popup blocked) ends up. */
  returnTo: string;
  onError: (message: string) => void;
};

/**
 * SPEC point 6's Google popup. The popup is opened at once, inside the click, so that
 * browsers allow it; it then goes to Google and comes back to /auth/complete, which tells
 * this page how it went. When the browser blocks popups the whole page makes the trip.
 */
export function useGoogleSignIn({ returnTo, onError }: GoogleSignInOptions) {
  const completeSignIn = useCompleteSignIn();
  const [pending, setPending] = useState(false);
  const stopWatching = useRef<(() => void) | null>(null);

  useEffect(() => () => stopWatching.current?.(), []);

  const finish = useCallback(
    async (outcome: "ok" | "failed" | "closed") => {
      stopWatching.current?.();
      stopWatching.current = null;
      try {
        // A popup closed without a word may still have signed in; the session says.
        const user = outcome === "failed" ? null : await fetchIdentitySession();
        if (user?.emailVerified) {
          await completeSignIn(user, "google");
          return;
        }
        if (outcome !== "closed") onError(MESSAGES.googleSignInFailed);
      } catch {
        onError(MESSAGES.googleSignInFailed);
      } finally {
        setPending(false);
      }
    },
    [completeSignIn, onError],
  );

  const watch = useCallback(
    (popup: Window) => {
      const onMessage = (event: MessageEvent) => {
        if (event.origin !== window.location.origin || event.source !== popup) return;
        if (isGoogleSignInMessage(event.data)) void finish(event.data.ok ? "ok" : "failed");
      };
      const timer = window.setInterval(() => {
        if (popup.closed) void finish("closed");
      }, CLOSED_CHECK_MS);
      window.addEventListener("message", onMessage);
      stopWatching.current = () => {
        window.clearInterval(timer);
        window.removeEventListener("message", onMessage);
      };
    },
    [finish],
  );

  const start = useCallback(async () => {
    if (pending) return;
    setPending(true);
    const { width, height } = GOOGLE_POPUP_SIZE;
    const popup = browserWindow.openPopup(GOOGLE_POPUP_NAME, width, height);
    try {
      if (!popup) {
        const url = await startGoogleSignIn({
          callbackURL: `${AUTH_COMPLETE_PATH}?next=${encodeURIComponent(returnTo)}`,
          errorCallbackURL: LOGIN_PATH,
        });
        browserWindow.goTo(url);
        return;
      }
      const url = await startGoogleSignIn({
        callbackURL: AUTH_COMPLETE_PATH,
        errorCallbackURL: AUTH_COMPLETE_PATH,
      });
      popup.location.href = url;
      watch(popup);
    } catch {
      popup?.close();
      setPending(false);
      onError(MESSAGES.googleSignInFailed);
    }
  }, [pending, returnTo, onError, watch]);

  return { start, pending };
}
