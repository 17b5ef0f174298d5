import { MESSAGES } from "@backdrop/shared";
import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { buttonClasses } from "../../../components/ui/button.tsx";
import { notifyError } from "../../../lib/notify.ts";
import { useSession } from "../../auth/index.ts";
import { createTokenCheckout } from "../api.ts";
import { useCheckoutRedirect } from "../hooks/use-checkout-redirect.ts";
import { useTopUpRefusal } from "../hooks/use-top-up-refusal.ts";
import { TOP_UP_TOOLTIP } from "../plan-copy.ts";
import { TokenPacks } from "./token-packs.tsx";

/** The header's Top Up lands here (`/pricing#top-up`). */
export function TopUpSection() {
  const { user } = useSession();
  const refusalState = useTopUpRefusal();
  const refusal = refusalState === "loading" ? null : refusalState;
  const { pending, start } = useCheckoutRedirect();
  const section = useRef<HTMLElement>(null);
  const { hash, key } = useLocation();

  // The router does not scroll to a fragment by itself.
  // biome-ignore lint/correctness/useExhaustiveDependencies: every visit to the link, too
  useEffect(() => {
    if (hash === "#top-up") section.current?.scrollIntoView({ block: "start" });
  }, [hash, key]);

  const buy = (tokens: number, priceCents: number) => {
    if (!user) return;
    void start(`pack-${tokens}`, () => createTokenCheckout(user.uid, tokens, priceCents / 100));
  };

  return (
    <section
      ref={section}
      id="top-up"
      aria-labelledby="top-up-title"
      className="mt-24 scroll-mt-24 rounded-panel border border-line bg-canvas p-6 sm:p-8"
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-xl">
          <h2 id="top-up-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
            Top up tokens
          </h2>
          <p className="mt-2 text-ink-muted">
            One-time packs for Elite subscribers. Bought tokens never lapse; you pay on the next
            page and they are added as soon as the payment goes through.
          </p>
        </div>
      </div>
      {refusal && (
        <div
          id="top-up-refusal"
          className="mt-5 flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-sunken px-4 py-3 text-sm"
        >
          <p className="text-ink">
            <span className="font-semibold">{refusal}</span>{" "}
            <span className="text-ink-muted">{TOP_UP_TOOLTIP}</span>
          </p>
          {refusal === MESSAGES.loginToPurchaseTokens ? (
            <Link
              to="/login?next=/pricing%23top-up"
              className={buttonClasses({ variant: "secondary", size: "sm" })}
            >
              Log in
            </Link>
          ) : null}
        </div>
      )}
      <div className="mt-6">
        <TokenPacks
          refusal={refusal}
          pending={pending ? Number(pending.slice("pack-".length)) : null}
          onBuy={buy}
          onRefused={notifyError}
        />
      </div>
    </section>
  );
}
