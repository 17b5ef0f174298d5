import { Link } from "react-router";
import { AUTH_LINK } from "./auth-card.tsx";

/** Under 'Email already in use': the two ways on for someone who already has an account. */
export function EmailInUseHelp() {
  return (
    <p className="-mt-2 text-sm text-ink-muted">
      Is it yours?{" "}
      <Link to="/login" className={AUTH_LINK}>
        Log in with it
      </Link>{" "}
      or{" "}
      <Link to="/forgot-password" className={AUTH_LINK}>
        reset your password
      </Link>
      .
    </p>
  );
}
