import { AuthComplete } from "../features/auth/index.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

export function AuthCompletePage() {
  usePageTitle("Signing in");
  return <AuthComplete />;
}
