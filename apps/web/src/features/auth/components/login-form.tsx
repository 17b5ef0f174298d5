import { MESSAGES } from "@backdrop/shared";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { FormAlert } from "../../../components/ui/field.tsx";
import { useFormFields } from "../../../components/ui/use-form-fields.ts";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { useCompleteSignIn } from "../hooks/use-complete-sign-in.ts";
import { useGoogleSignIn } from "../hooks/use-google-sign-in.ts";
import { usePublicConfig } from "../hooks/use-public-config.ts";
import { signInWithEmail } from "../identity-client.ts";
import { authErrorCode, authErrorMessage } from "../identity-errors.ts";
import { safeNextPath } from "../next-path.ts";
import { type LoginValues, loginProblem } from "../validation.ts";
import { AUTH_LINK } from "./auth-card.tsx";
import { EmailField, PasswordField } from "./auth-fields.tsx";
import { GoogleButton } from "./google-button.tsx";
import { LoginNotice, loginNoticeFor } from "./login-notice.tsx";
import { OrDivider } from "./or-divider.tsx";
import { ResendVerification } from "./resend-verification.tsx";

const EMPTY: LoginValues = { email: "", password: "" };

/** "Welcome" on the first sign-in, "Welcome back" after it (or when the server could not say). */
export function welcomeMessage(name: string, firstSignIn: boolean | null): string {
  const greeting = firstSignIn ? "Welcome" : "Welcome back";
  return name ? `${greeting}, ${name}!` : `${greeting}!`;
}

export function LoginForm() {
  const [params] = useSearchParams();
  const notice = loginNoticeFor(params.get("error"), params.get("verified"));
  const form = useFormFields("login", EMPTY);
  const completeSignIn = useCompleteSignIn();
  const { googleSignIn } = usePublicConfig();
  // The address to send a new verification link to, once the login said it is unverified.
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [returnedError, setReturnedError] = useState(notice === "google-failed");

  const google = useGoogleSignIn({
    returnTo: safeNextPath(params.get("next")) ?? "/",
    onError: (message) => {
      form.showProblem({ message, fields: [] });
      notifyError(message);
    },
  });

  const signIn = useMutation({
    mutationFn: async (input: LoginValues) => {
      const user = await signInWithEmail(input);
      // The redirect away from this page follows the session, which this refreshes.
      const firstSignIn = await completeSignIn(user, "email");
      return { name: user.name, firstSignIn };
    },
    onSuccess: ({ name, firstSignIn }) => notifySuccess(welcomeMessage(name, firstSignIn)),
    onError: (error, input) => {
      const code = authErrorCode(error);
      // SPEC point 4: no session is opened for an unverified address, so there is nothing
      // to sign out of here; the page offers a new link instead.
      setUnverifiedEmail(code === "email-not-verified" ? input.email : null);
      form.showProblem({ message: authErrorMessage(error), fields: [] });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (signIn.isPending) return;
    setReturnedError(false);
    setUnverifiedEmail(null);
    const problem = loginProblem(form.values);
    if (problem) {
      form.showProblem(problem);
      return;
    }
    form.clearProblem();
    signIn.mutate({ email: form.values.email.trim(), password: form.values.password });
  };

  const busy = signIn.isPending || google.pending;
  const shownError = form.error ?? (returnedError ? MESSAGES.googleSignInFailed : null);

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Log in" className="flex flex-col gap-5">
      {(notice === "verification-link" || notice === "email-verified") && (
        <LoginNotice kind={notice} />
      )}
      <EmailField {...form.control("email")} />
      <PasswordField
        {...form.control("password")}
        label="Password"
        toggleLabel="Show password"
        autoComplete="current-password"
        aside={
          <Link to="/forgot-password" className={`${AUTH_LINK} text-sm`}>
            Forgot password?
          </Link>
        }
      />
      <FormAlert id={form.errorId} message={shownError} />
      {unverifiedEmail && form.error === MESSAGES.verifyEmail && (
        <ResendVerification email={unverifiedEmail} />
      )}
      <Button type="submit" size="lg" block loading={signIn.isPending} disabled={busy}>
        Log In
      </Button>
      {googleSignIn && (
        <>
          <OrDivider />
          <GoogleButton onClick={google.start} loading={google.pending} disabled={busy} />
        </>
      )}
    </form>
  );
}
