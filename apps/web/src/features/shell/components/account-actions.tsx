import { LogIn, LogOut, Settings } from "lucide-react";
import { Link } from "react-router";
import { Button, buttonClasses } from "../../../components/ui/button.tsx";
import type { Session } from "../../auth/index.ts";
import { TokenCount } from "./token-count.tsx";
import { TopUpButton } from "./top-up-button.tsx";

type AccountActionsProps = {
  session: Session | null;
  tokensLoading?: boolean;
  layout: "bar" | "sheet";
  onNavigate?: () => void;
  onLogOut?: () => void;
};

/** The right end of the header: Log In, or the token count, Top Up, Settings and Log Out. */
export function AccountActions({
  session,
  tokensLoading = false,
  layout,
  onNavigate,
  onLogOut,
}: AccountActionsProps) {
  const sheet = layout === "sheet";
  if (!session) {
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

  if (sheet) {
    return (
      <div className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-3 rounded-2xl border border-line bg-surface px-4 py-3">
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-ink">{session.name}</p>
            <p className="truncate text-xs text-ink-subtle">{session.email}</p>
          </div>
          <TokenCount count={session.tokenCount} loading={tokensLoading} />
        </div>
        <TopUpButton layout="sheet" onNavigate={onNavigate} />
        <Link
          to="/settings"
          onClick={onNavigate}
          className={buttonClasses({ variant: "secondary", size: "lg", block: true })}
        >
          <Settings aria-hidden="true" />
          Settings
        </Link>
        <Button variant="secondary" size="lg" block onClick={onLogOut}>
          <LogOut aria-hidden="true" />
          Log Out
        </Button>
      </div>
    );
  }

  return (
    <div className="flex items-center gap-2">
      <TokenCount count={session.tokenCount} loading={tokensLoading} />
      <TopUpButton layout="bar" />
      <Link
        to="/settings"
        aria-label="Settings"
        title="Settings"
        className={buttonClasses({ variant: "ghost", size: "sm" })}
      >
        <Settings aria-hidden="true" />
      </Link>
      <Button variant="ghost" size="sm" onClick={onLogOut}>
        Log Out
      </Button>
    </div>
  );
}
