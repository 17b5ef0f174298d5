import { useMutation } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { FormAlert } from "../../../components/ui/field.tsx";
import { useFormFields } from "../../../components/ui/use-form-fields.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { LOGIN_PATH, resetPassword } from "../identity-client.ts";
import { authErrorCode, authErrorMessage } from "../identity-errors.ts";
import { useSession } from "../session.ts";
import { type NewPasswordValues, newPasswordProblem } from "../validation.ts";
import { PasswordField } from "./auth-fields.tsx";
import { PasswordChecklist } from "./password-checklist.tsx";

const EMPTY: NewPasswordValues = { password: "", confirmPassword: "" };
export const PASSWORD_CHANGED_MESSAGE =
  "Your password has been changed. Log in with your new password.";

type ResetPasswordFormProps = {
  token: string;
  /** The link turned out to be expired or used. */
  onExpired: () => void;
};

export function ResetPasswordForm({ token, onExpired }: ResetPasswordFormProps) {
  const form = useFormFields("reset", EMPTY);
  const navigate = useNavigate();
  const { refreshSession } = useSession();

  const reset = useMutation({
    mutationFn: resetPassword,
    onSuccess: () => {
      notifySuccess(PASSWORD_CHANGED_MESSAGE);
      // A reset ends every session of the account, this browser's included.
      void refreshSession().catch(() => {});
      navigate(LOGIN_PATH, { replace: true });
    },
    onError: (error) => {
      const code = authErrorCode(error);
      if (code === "invalid-action-code") {
        onExpired();
        return;
      }
      form.showProblem({
        message: authErrorMessage(error),
        fields: code === "password-does-not-meet-requirements" ? ["password"] : [],
      });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (reset.isPending) return;
    const problem = newPasswordProblem(form.values);
    if (problem) {
      form.showProblem(problem);
      return;
    }
    form.clearProblem();
    reset.mutate({ token, newPassword: form.values.password });
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Password reset"
      className="flex flex-col gap-5"
    >
      <PasswordField
        {...form.control("password", ["reset-password-rules"])}
        label="New password"
        toggleLabel="Show password"
        autoComplete="new-password"
      >
        <PasswordChecklist id="reset-password-rules" password={form.values.password} />
      </PasswordField>
      <PasswordField
        {...form.control("confirmPassword")}
        label="Confirm new password"
        toggleLabel="Show password confirmation"
        autoComplete="new-password"
      />
      <FormAlert id={form.errorId} message={form.error} />
      <Button type="submit" size="lg" block loading={reset.isPending}>
        Save new password
      </Button>
    </form>
  );
}
