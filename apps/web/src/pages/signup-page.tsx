import { AccountUnavailable } from "../features/auth/components/account-unavailable.tsx";
import { usePageTitle } from "../lib/use-page-title.ts";

export function SignupPage() {
  usePageTitle("Sign up");
  return <AccountUnavailable title="Create your account" />;
}
