import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { LogoMark } from "../../../components/ui/logo.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import {
  GOOGLE_SIGN_IN_MESSAGE_TYPE,
  type GoogleSignInMessage,
  sameOriginOpener,
} from "../google-popup.ts";
import { useCompleteSignIn } from "../hooks/use-complete-sign-in.ts";
import { fetchIdentitySession, LOGIN_PATH } from "../identity-client.ts";
import { safeNextPath } from "../next-path.ts";

/** Seconds after which a popup that could not close itself asks to be closed by hand. */
const CLOSE_GRACE_MS = 1500;

/**
 * Where Google's sign-in lands. In the popup it tells the page behind it how it went and
 * closes. Opened any other way (the popup was blocked), it finishes the sign-in itself.
 */
export function AuthComplete() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const completeSignIn = useCompleteSignIn();
  const [stuck, setStuck] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const error = params.get("error");

    const opener = sameOriginOpener();
    if (opener) {
      const message: GoogleSignInMessage = { type: GOOGLE_SIGN_IN_MESSAGE_TYPE, ok: !error };
      opener.postMessage(message, window.location.origin);
      window.close();
      window.setTimeout(() => setStuck(true), CLOSE_GRACE_MS);
      return;
    }

    const failed = () =>
      navigate(`${LOGIN_PATH}?error=${encodeURIComponent(error ?? "sign_in_failed")}`, {
        replace: true,
      });
    if (error) {
      failed();
      return;
    }
    void (async () => {
      try {
        const user = await fetchIdentitySession();
        if (!user?.emailVerified) return failed();
        await completeSignIn(user, "google");
        navigate(safeNextPath(params.get("next")) ?? "/", { replace: true });
      } catch {
        failed();
      }
    })();
  }, [navigate, completeSignIn, params]);

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-5 bg-canvas p-6 text-center">
      <LogoMark className="size-10" />
      <h1 className="sr-only">Signing in to Backdrop</h1>
      {stuck ? (
        <p className="max-w-xs text-[0.9375rem] text-ink-muted">
          All done. You can close this window and carry on in Backdrop.
        </p>
      ) : (
        <p role="status" className="flex items-center gap-2.5 text-[0.9375rem] text-ink-muted">
          <Spinner className="size-4" />
          Finishing sign-in…
        </p>
      )}
    </main>
  );
}
