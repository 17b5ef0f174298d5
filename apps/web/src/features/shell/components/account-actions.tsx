import { LogIn, LogOut, Plus } from "lucide-react";
import { Link } from "react-router";
import { Button, buttonClasses } from "../../../components/ui/button.tsx";
import type { Session } from "../../auth/session.ts";
import { TokenCount } from "./token-count.tsx";

/** Top Up leads to the token packs on the pricing page. */
export const TOP_UP_PATH = "/pricing#top-up";

type AccountActionsProps = {
  session: Session | null;
  tokensLoading?: boolean;
  layout: "bar" | "sheet";
  onNavigate?: () => void;
  onLogOut?: () => void;
};

/** The right end of the header: Log In, or the token count, Top Up and Log Out. */
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
        <Link
          to={TOP_UP_PATH}
          onClick={onNavigate}
          className={buttonClasses({ variant: "primary", size: "lg", block: true })}
        >
          <Plus aria-hidden="true" />
          Top Up
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
      <Link to={TOP_UP_PATH} className={buttonClasses({ variant: "primary", size: "sm" })}>
        <Plus aria-hidden="true" />
        Top Up
      </Link>
      <Button variant="ghost" size="sm" onClick={onLogOut}>
        Log Out
      </Button>
    </div>
  );
}
