import { GENERATION_MESSAGES } from "@backdrop/shared";
import { Coins, Sparkles } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { FormAlert } from "../../../components/ui/field.tsx";
import { formatNumber } from "../../../lib/format.ts";
import { PricingLink } from "../../generate/index.ts";
import { type BatchPrice, priceText } from "../batch-price.ts";

type BatchStartProps = {
  price: BatchPrice;
  /** The balance of a logged-in user, to compare with the price. */
  tokenCount: number | null;
  expired: boolean;
  /** Photos are still being checked: the price is not yet the batch's. */
  checking: boolean;
  photosError: string | null;
  tokenError: string | null;
};

const EXPIRED_ID = "batch-expired";

/** The batch's total price, Generate all, and why it cannot start. */
export function BatchStart(props: BatchStartProps) {
  const { price, tokenCount, expired, checking, photosError, tokenError } = props;
  return (
    <div className="flex flex-col gap-3">
      <p className="flex flex-wrap items-center justify-center gap-x-1.5 gap-y-1 text-sm text-ink-muted">
        <Coins aria-hidden="true" className="size-4 text-ink-subtle" />
        <strong className="font-semibold text-ink tabular-nums">{priceText(price)}</strong>
        {tokenCount !== null && (
          <span className="tabular-nums">
            {/* alone on its line on a phone, it needs no separator */}
            <span className="hidden sm:inline">· </span>you have {formatNumber(tokenCount)}
          </span>
        )}
      </p>
      <Button
        type="submit"
        variant="accent"
        size="lg"
        block
        disabled={expired || checking || price.photos === 0}
        aria-describedby={expired ? EXPIRED_ID : undefined}
      >
        <Sparkles aria-hidden="true" />
        {price.photos > 1 ? `Generate all ${price.photos}` : "Generate"}
      </Button>
      {expired && (
        <p id={EXPIRED_ID} className="text-center text-sm text-ink-muted">
          {GENERATION_MESSAGES.subscriptionExpired} <PricingLink>Renew your plan</PricingLink>
        </p>
      )}
      <FormAlert id="batch-photos-error" message={photosError} />
      <FormAlert id="batch-token-error" message={tokenError} />
      {tokenError && (
        <p className="text-center text-sm">
          <PricingLink>Get more tokens</PricingLink>
        </p>
      )}
    </div>
  );
}
