import { MailCheck } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button.tsx";
import { LOGIN_PATH } from "../identity-client.ts";

/** After a sign-up: where the verification link went, while the login page is on its way. */
export function SignupSent({ email }: { email: string }) {
  return (
    <div role="status" className="text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-success-50 text-success-600 ring-1 ring-success-600/15">
        <MailCheck aria-hidden="true" className="size-7" />
      </span>
      <h2 className="mt-5 text-2xl font-bold tracking-tight text-ink">Check your inbox</h2>
      <p className="mt-3 text-[0.9375rem] leading-relaxed text-ink-muted">
        We sent a verification link to <strong className="font-semibold text-ink">{email}</strong>.
        Open it to activate your account, then log in.
      </p>
      <p className="mt-2 text-sm text-ink-subtle">Taking you to the login page…</p>
      <Link to={LOGIN_PATH} className={`${buttonClasses({ variant: "primary" })} mt-7`}>
        Go to Log In
      </Link>
    </div>
  );
}
