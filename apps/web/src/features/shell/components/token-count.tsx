import { Coins } from "lucide-react";
import { cx } from "../../../lib/cx.ts";
import { formatNumber } from "../../../lib/format.ts";

export function tokenLabel(count: number): string {
  return `${formatNumber(count)} ${count === 1 ? "token" : "tokens"}`;
}

type TokenCountProps = { count: number; loading?: boolean; className?: string };

/** The balance pill of the header: numOfTokens + subscriptionTokens. */
export function TokenCount({ count, loading = false, className }: TokenCountProps) {
  return (
    <span
      className={cx(
        "inline-flex h-9 shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full border border-accent-200 bg-accent-50 px-3 text-sm font-semibold text-accent-700 tabular-nums",
        className,
      )}
    >
      <Coins aria-hidden="true" className="size-4 shrink-0" />
      {loading ? (
        <>
          <span
            aria-hidden="true"
            className="h-3.5 w-14 animate-pulse rounded-full bg-accent-100"
          />
          <span className="sr-only">Loading your tokens</span>
        </>
      ) : (
        tokenLabel(count)
      )}
    </span>
  );
}
