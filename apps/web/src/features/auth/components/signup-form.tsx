import { MESSAGES, NAME_MAX_LENGTH } from "@backdrop/shared";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { FormAlert, Input, Label } from "../../../components/ui/field.tsx";
import { useFormFields } from "../../../components/ui/use-form-fields.ts";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { useGoogleSignIn } from "../hooks/use-google-sign-in.ts";
import { usePublicConfig } from "../hooks/use-public-config.ts";
import { LOGIN_PATH, signUpWithEmail } from "../identity-client.ts";
import { authErrorCode, authErrorMessage } from "../identity-errors.ts";
import { type SignUpValues, signUpProblem } from "../validation.ts";
import { AUTH_LINK } from "./auth-card.tsx";
import { EmailField, PasswordField } from "./auth-fields.tsx";
import { EmailInUseHelp } from "./email-in-use-help.tsx";
import { GoogleButton } from "./google-button.tsx";
import { OrDivider } from "./or-divider.tsx";
import { PasswordChecklist } from "./password-checklist.tsx";
import { SignupSent } from "./signup-sent.tsx";

const EMPTY: SignUpValues = { name: "", email: "", password: "", confirmPassword: "" };
export const SIGN_UP_SENT_MESSAGE = "Account created! Check your inbox for the verification link.";
/** SPEC point 9: the login page follows a successful sign-up after 4 s. */
export const LOGIN_REDIRECT_MS = 4000;

export function SignupForm() {
  const form = useFormFields("signup", EMPTY);
  const navigate = useNavigate();
  const { googleSignIn } = usePublicConfig();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const google = useGoogleSignIn({
    returnTo: "/",
    onError: (message) => {
      form.showProblem({ message, fields: [] });
      notifyError(message);
    },
  });

  const signUp = useMutation({
    mutationFn: signUpWithEmail,
    onSuccess: (_answer, input) => {
      notifySuccess(SIGN_UP_SENT_MESSAGE);
      form.reset();
      setSentTo(input.email);
    },
    onError: (error) => {
      const code = authErrorCode(error);
      if (code === "email-already-in-use") {
        form.showProblem({ message: MESSAGES.emailInUse, fields: ["email"] });
        return;
      }
      const fields: (keyof SignUpValues)[] =
        code === "password-does-not-meet-requirements"
          ? ["password"]
          : code === "invalid-email"
            ? ["email"]
            : [];
      form.showProblem({ message: authErrorMessage(error), fields });
      notifyError(MESSAGES.accountCreationFailed);
    },
  });

  useEffect(() => {
    if (!sentTo) return;
    const timer = window.setTimeout(() => navigate(LOGIN_PATH), LOGIN_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [sentTo, navigate]);

  if (sentTo) return <SignupSent email={sentTo} />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (signUp.isPending) return;
    const problem = signUpProblem(form.values);
    if (problem) {
      form.showProblem(problem);
      return;
    }
    form.clearProblem();
    signUp.mutate({
      name: form.values.name.trim(),
      email: form.values.email.trim(),
      password: form.values.password,
    });
  };

  const busy = signUp.isPending || google.pending;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign up" className="flex flex-col gap-5">
      <div>
        <Label htmlFor={form.idOf("name")}>Full name</Label>
        <Input
          {...form.control("name")}
          autoComplete="name"
          maxLength={NAME_MAX_LENGTH}
          className="mt-2"
        />
      </div>
      <EmailField {...form.control("email")} />
      <PasswordField
        {...form.control("password", ["signup-password-rules"])}
        label="Password"
        toggleLabel="Show password"
        autoComplete="new-password"
      >
        <PasswordChecklist id="signup-password-rules" password={form.values.password} />
      </PasswordField>
      <PasswordField
        {...form.control("confirmPassword")}
        label="Confirm password"
        toggleLabel="Show password confirmation"
        autoComplete="new-password"
      />
      <FormAlert id={form.errorId} message={form.error} />
      {form.error === MESSAGES.emailInUse && <EmailInUseHelp />}
      <Button type="submit" size="lg" block loading={signUp.isPending} disabled={busy}>
        Create account
      </Button>
      {googleSignIn && (
        <>
          <OrDivider />
          <GoogleButton onClick={google.start} loading={google.pending} disabled={busy} />
        </>
      )}
      <p className="text-center text-sm leading-relaxed text-ink-subtle">
        By creating an account you agree to our{" "}
        <Link to="/terms" className={AUTH_LINK}>
          Terms of Service
        </Link>{" "}
        and{" "}
        <Link to="/privacy" className={AUTH_LINK}>
          Privacy Policy
        </Link>
        .
      </p>
    </form>
  );
}
