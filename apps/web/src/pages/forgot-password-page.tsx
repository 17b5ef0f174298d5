import { AccountUnavailable } from "../features/auth/components/account-unavailable.tsx";
import { usePageTitle } from "../lib/use-page-title.ts";

export function ForgotPasswordPage() {
  usePageTitle("Forgot password");
  return <AccountUnavailable title="Forgot your password?" />;
}
