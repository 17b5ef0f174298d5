import { AuthComplete } from "../features/auth/components/auth-complete.tsx";
import { usePageTitle } from "../lib/use-page-title.ts";

export function AuthCompletePage() {
  usePageTitle("Signing in");
  return <AuthComplete />;
}
