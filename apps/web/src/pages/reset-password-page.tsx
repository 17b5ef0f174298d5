import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import {
  AUTH_LINK,
  AuthCard,
  ResetLinkProblem,
  ResetPasswordForm,
} from "../features/auth/index.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

export function ResetPasswordPage() {
  usePageTitle("Reset password");
  const [params] = useSearchParams();
  const token = params.get("token");
  // better-auth sends an expired or used link here with ?error=INVALID_TOKEN
  const [expired, setExpired] = useState(params.has("error"));

  const footer = (
    <>
      Back to{" "}
      <Link to="/login" className={AUTH_LINK}>
        Log In
      </Link>
    </>
  );

  if (expired || !token) {
    return (
      <AuthCard
        title={expired ? "This reset link has expired" : "Choose a new password"}
        footer={footer}
      >
        <ResetLinkProblem reason={expired ? "expired" : "missing"} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Choose a new password"
      lead="Pick a password you do not use anywhere else."
      footer={footer}
    >
      <ResetPasswordForm token={token} onExpired={() => setExpired(true)} />
    </AuthCard>
  );
}
