/** The page Google's sign-in returns to inside the popup. */
export const AUTH_COMPLETE_PATH = "/auth/complete";
export const GOOGLE_POPUP_NAME = "backdrop-google-sign-in";
export const GOOGLE_POPUP_SIZE = { width: 500, height: 640 } as const;

/** What the popup tells the page that opened it. */
export type GoogleSignInMessage = { type: "backdrop:google-sign-in"; ok: boolean };
export const GOOGLE_SIGN_IN_MESSAGE_TYPE = "backdrop:google-sign-in";

export function isGoogleSignInMessage(data: unknown): data is GoogleSignInMessage {
  return (
    typeof data === "object" &&
    data !== null &&
    (data as { type?: unknown }).type === GOOGLE_SIGN_IN_MESSAGE_TYPE &&
    typeof (data as { ok?: unknown }).ok === "boolean"
  );
}

/** The window that opened this one, when it is a page of this site; otherwise null. */
export function sameOriginOpener(): Window | null {
  try {
    const opener = window.opener as Window | null;
    if (opener && opener !== window && opener.location.origin === window.location.origin) {
      return opener;
    }
  } catch {
    // reading a cross-origin opener's location throws
  }
  return null;
}
