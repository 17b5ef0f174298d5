import { MESSAGES } from "@backdrop/shared";
import { useMutation } from "@tanstack/react-query";
import { MailPlus } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { sendVerificationEmail } from "../identity-client.ts";

export const VERIFICATION_SENT_MESSAGE = "Verification email sent. Check your inbox.";

/** SPEC point 2: offered while 'Please verify your email' is shown. */
export function ResendVerification({ email }: { email: string }) {
  const resend = useMutation({
    mutationFn: () => sendVerificationEmail(email),
    onSuccess: () => notifySuccess(VERIFICATION_SENT_MESSAGE),
    onError: () => notifyError(MESSAGES.resendVerificationFailed),
  });

  return (
    <div className="flex flex-col gap-3 rounded-xl border border-line bg-sunken/60 px-4 py-3.5 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-ink-muted">
        {resend.isSuccess
          ? `A new link is on its way to ${email}.`
          : "Didn’t get the email, or the link expired?"}
      </p>
      <Button
        variant="secondary"
        size="sm"
        loading={resend.isPending}
        onClick={() => resend.mutate()}
      >
        {!resend.isPending && <MailPlus aria-hidden="true" />}
        Resend verification email
      </Button>
    </div>
  );
}
