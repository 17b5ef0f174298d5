import { CircleCheck, Info } from "lucide-react";

/**
 * What /login was reached with: a verification link that failed (`?error=` with better-auth's
 * code), one that worked (`?verified=1`, the server's landing for it), or a Google sign-in
 * that came back with an error.
 */
export type LoginNoticeKind = "verification-link" | "email-verified" | "google-failed" | null;

/** better-auth's codes for a verification link that cannot be used (SPEC point 2). */
const LINK_ERRORS = new Set(["INVALID_TOKEN", "TOKEN_EXPIRED"]);

export function loginNoticeFor(
  error: string | null,
  verified: string | null = null,
): LoginNoticeKind {
  if (error) return LINK_ERRORS.has(error) ? "verification-link" : "google-failed";
  return verified === "1" ? "email-verified" : null;
}

export const VERIFICATION_LINK_NOTICE =
  "This verification link is invalid or has expired. Log in to get a new one.";
export const EMAIL_VERIFIED_NOTICE = "Your email is verified. Log in to start creating.";

const NOTICES = {
  "email-verified": {
    text: EMAIL_VERIFIED_NOTICE,
    Icon: CircleCheck,
    look: "border-success-600/25 bg-success-50 text-success-700",
  },
  "verification-link": {
    text: VERIFICATION_LINK_NOTICE,
    Icon: Info,
    look: "border-accent-200 bg-accent-50 text-accent-800",
  },
} as const;

export function LoginNotice({ kind }: { kind: keyof typeof NOTICES }) {
  const { text, Icon, look } = NOTICES[kind];
  return (
    <p
      role="status"
      className={`flex items-start gap-2.5 rounded-xl border px-3.5 py-3 text-sm font-medium ${look}`}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {text}
    </p>
  );
}
