import { Info } from "lucide-react";

/** What `?error=` on /login means: a verification link that failed, or a Google sign-in. */
export type LoginNoticeKind = "verification-link" | "google-failed" | null;

/** better-auth's codes for a verification link that cannot be used (SPEC point 2). */
const LINK_ERRORS = new Set(["INVALID_TOKEN", "TOKEN_EXPIRED"]);

export function loginNoticeFor(error: string | null): LoginNoticeKind {
  if (!error) return null;
  return LINK_ERRORS.has(error) ? "verification-link" : "google-failed";
}

export const VERIFICATION_LINK_NOTICE =
  "This verification link is invalid or has expired. Log in to get a new one.";

export function LoginNotice() {
  return (
    <p
      role="status"
      className="flex items-start gap-2.5 rounded-xl border border-accent-200 bg-accent-50 px-3.5 py-3 text-sm font-medium text-accent-800"
    >
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {VERIFICATION_LINK_NOTICE}
    </p>
  );
}
