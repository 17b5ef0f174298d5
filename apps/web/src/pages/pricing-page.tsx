import { Container } from "../components/ui/container.tsx";
import { PageIntro } from "../components/ui/page-intro.tsx";
import { hasLiveSubscription, useSession } from "../features/auth/index.ts";
import { PricingPlans, TokenCosts, TopUpSection } from "../features/pricing/index.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

export function PricingPage() {
  const { session } = useSession();
  const subscribed = hasLiveSubscription(session);
  usePageTitle(subscribed ? "Subscription" : "Pricing");
  return (
    <Container className="py-14 sm:py-20">
      <PageIntro
        align="center"
        eyebrow={subscribed ? "Subscription" : "Pricing"}
        title={subscribed ? "Your plan and tokens" : "Simple plans, paid in tokens"}
        lead="Pick a monthly plan, spend its tokens on new backgrounds, upscales and AI edits. Cancel whenever you like."
      />
      <PricingPlans />
      <p className="mt-8 text-center text-sm text-ink-subtle">
        Prices in US dollars. Plans renew monthly; unused monthly tokens lapse at renewal. You see
        the price on the checkout page before you pay.
      </p>
      <TopUpSection />
      <TokenCosts />
    </Container>
  );
}
