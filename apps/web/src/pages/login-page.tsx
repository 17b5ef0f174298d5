import { Link } from "react-router";
import { AUTH_LINK, AuthCard, LoginForm, RedirectSignedIn } from "../features/auth/index.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

export function LoginPage() {
  usePageTitle("Log in");
  return (
    <RedirectSignedIn>
      <AuthCard
        title="Log in to Backdrop"
        lead="Your studio, tokens and gallery are waiting."
        footer={
          <>
            New to Backdrop?{" "}
            <Link to="/signup" className={AUTH_LINK}>
              Create an account
            </Link>
          </>
        }
      >
        <LoginForm />
      </AuthCard>
    </RedirectSignedIn>
  );
}
