import { Link } from "react-router";
import { AUTH_LINK, AuthCard, RedirectSignedIn, SignupForm } from "../features/auth/index.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

export function SignupPage() {
  usePageTitle("Sign up");
  return (
    <RedirectSignedIn>
      <AuthCard
        title="Create your account"
        lead="Your tokens, your plan and every result you make, kept in one place."
        footer={
          <>
            Already have an account?{" "}
            <Link to="/login" className={AUTH_LINK}>
              Log in
            </Link>
          </>
        }
      >
        <SignupForm />
      </AuthCard>
    </RedirectSignedIn>
  );
}
