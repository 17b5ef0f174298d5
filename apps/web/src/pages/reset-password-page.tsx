import { AccountUnavailable } from "../features/auth/components/account-unavailable.tsx";
import { usePageTitle } from "../lib/use-page-title.ts";

export function ResetPasswordPage() {
  usePageTitle("Reset password");
  return <AccountUnavailable title="Choose a new password" />;
}
