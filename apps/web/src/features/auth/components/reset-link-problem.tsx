import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button.tsx";

type ResetLinkProblemProps = { reason: "expired" | "missing" };

/** Instead of the form, when there is no usable reset link. */
export function ResetLinkProblem({ reason }: ResetLinkProblemProps) {
  return (
    <div className="flex flex-col gap-6">
      <p className="text-[0.9375rem] leading-relaxed text-ink-muted">
        {reason === "expired"
          ? "Reset links work once, for one hour. This one has expired or was already used. Ask for a new one and open the link in the newest email."
          : "To choose a new password, open the link in the password reset email we sent you. No email? Ask for a new link."}
      </p>
      <Link
        to="/forgot-password"
        className={buttonClasses({ variant: "primary", size: "lg", block: true })}
      >
        Request a new link
      </Link>
    </div>
  );
}
