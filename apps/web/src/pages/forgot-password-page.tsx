import { Link } from "react-router";
import {
  AUTH_LINK,
  AuthCard,
  ForgotPasswordForm,
  RedirectSignedIn,
} from "../features/auth/index.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

export function ForgotPasswordPage() {
  usePageTitle("Forgot password");
  return (
    <RedirectSignedIn>
      <AuthCard
        title="Forgot your password?"
        lead="Enter the email you signed up with and we will send you a link to choose a new one."
        footer={
          <>
            Remembered it?{" "}
            <Link to="/login" className={AUTH_LINK}>
              Back to Log In
            </Link>
          </>
        }
      >
        <ForgotPasswordForm />
      </AuthCard>
    </RedirectSignedIn>
  );
}
