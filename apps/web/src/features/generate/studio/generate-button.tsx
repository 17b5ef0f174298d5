import { GENERATION_MESSAGES } from "@backdrop/shared";
import { Coins, Sparkles } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { FormAlert } from "../../../components/ui/field.tsx";
import { formatNumber } from "../../../lib/format.ts";
import { PricingLink } from "../gate/pricing-link.tsx";
import type { GenerationPrice } from "../settings/takes.ts";
import { TOKENS_PER_MEGAPIXEL } from "../settings/token-cost.ts";

type GenerateButtonProps = {
  /** The subscription has ended: the button is disabled with the spec's tooltip. */
  expired: boolean;
  busy: boolean;
  /** What the picked photo's takes cost, or null before a photo is picked. */
  price: GenerationPrice | null;
  /** The balance of a logged-in user, to compare with the cost. */
  tokenCount: number | null;
  tokenError: string | null;
};

const TIP_ID = "studio-generate-tip";

function PriceText({ perTake, takes, total }: GenerationPrice) {
  const totalText = <strong className="font-semibold text-ink">{total} tokens</strong>;
  return takes === 1 ? (
    <>This photo costs {totalText}</>
  ) : (
    <>
      {takes} takes × {perTake} tokens = {totalText}
    </>
  );
}

function CostLine({ price, tokenCount }: Pick<GenerateButtonProps, "price" | "tokenCount">) {
  return (
    <p className="mt-3 flex flex-wrap items-center justify-center gap-x-1.5 gap-y-1 text-xs text-ink-subtle">
      <Coins aria-hidden="true" className="size-3.5" />
      {price === null ? (
        `${TOKENS_PER_MEGAPIXEL} tokens per megapixel of your photo`
      ) : (
        <span>
          <PriceText {...price} />
          {tokenCount !== null && <> · you have {formatNumber(tokenCount)}</>}
        </span>
      )}
    </p>
  );
}

/**
 * Generate, its price and the token message. With an ended subscription the button is
 * disabled and a focusable wrapper carries the tooltip, so keyboard users can reach it too.
 */
export function GenerateButton({
  expired,
  busy,
  price,
  tokenCount,
  tokenError,
}: GenerateButtonProps) {
  const button = (
    <Button
      type="submit"
      variant="accent"
      size="lg"
      block
      disabled={expired}
      loading={busy}
      aria-describedby={expired ? TIP_ID : undefined}
      className={expired ? "pointer-events-none" : undefined}
    >
      {!busy && <Sparkles aria-hidden="true" />}
      {busy ? "Generating…" : "Generate"}
    </Button>
  );

  return (
    <div>
      {expired ? (
        <div className="group/tip relative">
          <div
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a disabled button cannot take focus, so its wrapper does, to show the reason
            tabIndex={0}
            aria-describedby={TIP_ID}
            className="cursor-not-allowed rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
          >
            {button}
          </div>
          <div
            role="tooltip"
            id={TIP_ID}
            className="pointer-events-none absolute bottom-full left-1/2 z-20 mb-2.5 w-72 max-w-[calc(100vw-3rem)] -translate-x-1/2 rounded-xl bg-ink px-3.5 py-2.5 text-center text-xs leading-relaxed font-medium text-white opacity-0 shadow-pop transition-opacity duration-150 group-focus-within/tip:opacity-100 group-hover/tip:opacity-100"
          >
            {GENERATION_MESSAGES.subscriptionExpired}
            <span
              aria-hidden="true"
              className="absolute top-full left-1/2 size-2.5 -translate-x-1/2 -translate-y-1/2 rotate-45 bg-ink"
            />
          </div>
        </div>
      ) : (
        button
      )}
      <CostLine price={price} tokenCount={tokenCount} />
      {expired && (
        <p className="mt-1 text-center text-xs">
          <PricingLink>Renew your plan</PricingLink>
        </p>
      )}
      <div className="has-[p]:mt-3">
        <FormAlert id="studio-token-error" message={tokenError} />
      </div>
      {tokenError && (
        <p className="mt-2 text-center text-sm">
          <PricingLink>Get more tokens</PricingLink>
        </p>
      )}
    </div>
  );
}
