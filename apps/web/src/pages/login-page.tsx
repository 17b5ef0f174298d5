import { AccountUnavailable } from "../features/auth/components/account-unavailable.tsx";
import { usePageTitle } from "../lib/use-page-title.ts";

export function LoginPage() {
  usePageTitle("Log in");
  return <AccountUnavailable title="Log in to Backdrop" />;
}
