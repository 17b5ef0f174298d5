import { ACCOUNT_MESSAGES } from "@backdrop/shared";
import { Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { FieldHint, FormAlert, Label } from "../../../components/ui/field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { PasswordInput, useSession } from "../../auth/index.ts";
import { deleteAccount } from "../api.ts";
import { whatGoes } from "../what-goes.ts";
import { DeleteAccountDialog } from "./delete-account-dialog.tsx";

/**
 * "Delete account": says what goes and what accounting keeps, asks an e-mail account for its
 * password, then a confirm dialog naming what goes. On success the account is signed out
 * here, a toast says so and the visitor lands on the home page.
 */
export function DeleteAccountSection() {
  const { session, user, isEmailUser, signOut, refreshSession } = useSession();
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!session) return null;
  const goes = whatGoes(user, session.email);

  function ask(event: FormEvent) {
    event.preventDefault();
    if (isEmailUser && password === "") {
      setFieldError(ACCOUNT_MESSAGES.passwordRequired);
      return;
    }
    setFieldError(null);
    setError(null);
    setConfirming(true);
  }

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await deleteAccount(isEmailUser ? password : null);
    } catch (failure) {
      setBusy(false);
      setError(failure instanceof ApiError ? failure.message : ACCOUNT_MESSAGES.deleteFailed);
      return;
    }
    // The server ended the session with the account; this forgets it here.
    await signOut().catch(() => refreshSession());
    notifySuccess(ACCOUNT_MESSAGES.deleted);
    navigate("/", { replace: true });
  }

  return (
    <Card className="border-danger-600/25 p-6 sm:p-8" aria-labelledby="delete-title">
      <h2 id="delete-title" className="text-xl font-bold tracking-tight text-ink">
        Delete account
      </h2>
      <p className="mt-2 text-[0.9375rem] leading-relaxed text-ink-muted">
        Deleting your account removes, at once and for good:
      </p>
      <ul className="mt-3 flex list-disc flex-col gap-1.5 pl-5 text-[0.9375rem] text-ink marker:text-danger-600">
        {goes.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="mt-4 text-sm leading-relaxed text-ink-muted">
        Payments and token movements are kept for accounting, as the law asks, under an anonymous
        number that no longer leads to you. You can sign up again with the same e-mail later, as a
        new account. Export your data first if you want to keep it.
      </p>
      <form className="mt-6 flex flex-col gap-4" onSubmit={ask} noValidate>
        {isEmailUser ? (
          <div className="flex max-w-sm flex-col gap-2">
            <Label htmlFor="delete-password">Your password</Label>
            <PasswordInput
              id="delete-password"
              name="password"
              autoComplete="current-password"
              toggleLabel="Show password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? "delete-password-error" : "delete-password-hint"}
            />
            {!fieldError && (
              <FieldHint id="delete-password-hint">To confirm that it is you.</FieldHint>
            )}
            <FormAlert id="delete-password-error" message={fieldError} />
          </div>
        ) : (
          <p className="max-w-prose text-sm leading-relaxed text-ink-muted">
            You sign in with Google, so deleting needs a sign-in within the last 5 minutes. If it
            has been longer,{" "}
            <Link
              to="/login?next=/settings"
              className="font-semibold text-accent-600 underline underline-offset-4 hover:text-accent-700"
            >
              sign in again
            </Link>{" "}
            first.
          </p>
        )}
        <Button type="submit" variant="dangerOutline" className="self-start">
          <Trash2 aria-hidden="true" />
          Delete account…
        </Button>
      </form>
      <DeleteAccountDialog
        open={confirming}
        goes={goes}
        busy={busy}
        error={error}
        onOpenChange={setConfirming}
        onConfirm={() => void confirm()}
      />
    </Card>
  );
}
