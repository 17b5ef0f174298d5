import { formatUsd, TOKEN_PACKS } from "@backdrop/shared";
import { Coins } from "lucide-react";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { cx } from "../../../lib/cx.ts";
import { formatNumber } from "../../../lib/format.ts";
import { TOP_UP_TOOLTIP } from "../plan-copy.ts";

type TokenPacksProps = {
  /** Why buying is refused, in the spec's words; null when the visitor may buy. */
  refusal: string | null;
  pending: number | null;
  onBuy: (tokens: number, priceCents: number) => void;
  onRefused: (message: string) => void;
};

/** The four packs with their prices; each button leads to the provider's checkout. */
export function TokenPacks({ refusal, pending, onBuy, onRefused }: TokenPacksProps) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {TOKEN_PACKS.map((pack) => {
        const price = formatUsd(pack.priceCents);
        const perToken = (pack.priceCents / pack.tokens).toFixed(1);
        return (
          <li key={pack.tokens}>
            <button
              type="button"
              aria-label={`Buy ${formatNumber(pack.tokens)} tokens for ${price}`}
              aria-disabled={refusal !== null || undefined}
              aria-describedby={refusal ? "top-up-refusal" : undefined}
              title={refusal ? TOP_UP_TOOLTIP : undefined}
              disabled={pending !== null}
              onClick={() => (refusal ? onRefused(refusal) : onBuy(pack.tokens, pack.priceCents))}
              className={cx(
                "flex w-full items-center gap-3 rounded-card border bg-surface p-5 text-left shadow-card transition-colors",
                refusal
                  ? "cursor-not-allowed border-line opacity-60"
                  : "border-line hover:border-accent-500 hover:bg-accent-50/50",
              )}
            >
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent-50 text-accent-600 ring-1 ring-accent-100">
                {pending === pack.tokens ? (
                  <Spinner className="size-5" />
                ) : (
                  <Coins aria-hidden="true" className="size-5" />
                )}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold whitespace-nowrap text-ink">
                  {formatNumber(pack.tokens)} tokens
                </span>
                <span className="block text-xs text-ink-subtle">{perToken}¢ per token</span>
              </span>
              <span className="font-display text-2xl font-bold text-ink tabular-nums">{price}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
