import { MESSAGES } from "@backdrop/shared";
import { useMutation } from "@tanstack/react-query";
import { MailCheck, Timer } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { FormAlert } from "../../../components/ui/field.tsx";
import { useFormFields } from "../../../components/ui/use-form-fields.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { useCountdown } from "../hooks/use-countdown.ts";
import { sendResetLink } from "../password-reset.ts";
import { resetEmailProblem } from "../validation.ts";
import { EmailField } from "./auth-fields.tsx";

/** SPEC points 4 and 9: three sends per page session, a minute apart. */
export const MAX_RESET_SENDS = 3;
export const RESEND_COOLDOWN_SECONDS = 60;
export const RESET_SENT_MESSAGE = "Password reset email sent! Check your inbox.";

function buttonLabel(sends: number, remaining: number): string {
  if (sends === 0) return "Send reset link";
  if (remaining > 0) return `Resend in ${remaining}s`;
  return "Resend reset link";
}

export function ForgotPasswordForm() {
  const form = useFormFields("forgot", { email: "" });
  const countdown = useCountdown();
  const [sends, setSends] = useState(0);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const exhausted = sends >= MAX_RESET_SENDS;
  const waiting = countdown.remaining > 0;

  const send = useMutation({
    mutationFn: sendResetLink,
    onSuccess: (_answer, email) => {
      const total = sends + 1;
      setSends(total);
      setSentTo(email);
      notifySuccess(RESET_SENT_MESSAGE);
      if (total >= MAX_RESET_SENDS) {
        form.showProblem({ message: MESSAGES.maxResetAttempts, fields: [] });
      } else {
        countdown.start(RESEND_COOLDOWN_SECONDS);
      }
    },
    onError: (error) => {
      const aboutTheAddress =
        error.message === MESSAGES.noUserWithEmail || error.message === MESSAGES.notEmailLogin;
      form.showProblem({ message: error.message, fields: aboutTheAddress ? ["email"] : [] });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending || waiting) return;
    if (exhausted) {
      form.showProblem({ message: MESSAGES.maxResetAttempts, fields: [] });
      return;
    }
    const problem = resetEmailProblem(form.values.email);
    if (problem) {
      form.showProblem(problem);
      return;
    }
    form.clearProblem();
    send.mutate(form.values.email.trim());
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Send a reset link"
      className="flex flex-col gap-5"
    >
      {sentTo && (
        <div
          role="status"
          className="flex items-start gap-3 rounded-xl border border-success-600/20 bg-success-50 px-4 py-3.5 text-sm text-ink-soft"
        >
          <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success-600" />
          <p>
            We sent a reset link to <strong className="font-semibold text-ink">{sentTo}</strong>. It
            works once, for one hour. Check your spam folder if it has not arrived.
          </p>
        </div>
      )}
      <fieldset disabled={exhausted} className="flex flex-col gap-5">
        <EmailField {...form.control("email")} />
        <FormAlert id={form.errorId} message={form.error} />
        <Button
          type="submit"
          size="lg"
          block
          variant={waiting ? "secondary" : "primary"}
          loading={send.isPending}
          disabled={waiting}
        >
          {waiting && <Timer aria-hidden="true" />}
          {buttonLabel(sends, countdown.remaining)}
        </Button>
      </fieldset>
      {sends > 0 && !exhausted && (
        <p className="text-center text-sm text-ink-subtle">
          {MAX_RESET_SENDS - sends} of {MAX_RESET_SENDS} sends left on this page.
        </p>
      )}
    </form>
  );
}
