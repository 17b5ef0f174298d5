import { LogIn } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button.tsx";
import type { Session } from "../../auth/session.ts";

type AccountActionsProps = {
  session: Session | null;
  layout: "bar" | "sheet";
  onNavigate?: () => void;
};

/**
 * The right end of the header. Signed-in visitors will get their token count, Top Up,
 * Subscription and Log Out here once accounts exist; today everyone is anonymous.
 */
export function AccountActions({ session, layout, onNavigate }: AccountActionsProps) {
  if (session) return null;
  const sheet = layout === "sheet";
  return (
    <Link
      to="/login"
      onClick={onNavigate}
      className={buttonClasses({ variant: "primary", size: sheet ? "lg" : "sm", block: sheet })}
    >
      {sheet && <LogIn aria-hidden="true" />}
      Log In
    </Link>
  );
}
