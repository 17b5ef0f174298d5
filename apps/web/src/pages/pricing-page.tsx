import { Container } from "../components/ui/container.tsx";
import { PageIntro } from "../components/ui/page-intro.tsx";
import { PlanCard } from "../features/pricing/components/plan-card.tsx";
import { TokenCosts } from "../features/pricing/components/token-costs.tsx";
import { PLANS } from "../features/pricing/plans.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

export function PricingPage() {
  usePageTitle("Pricing");
  return (
    <Container className="py-14 sm:py-20">
      <PageIntro
        align="center"
        eyebrow="Pricing"
        title="Simple plans, paid in tokens"
        lead="Pick a monthly plan, spend its tokens on new backgrounds, upscales and AI edits. Cancel whenever you like."
      />
      <div className="mt-14 grid items-stretch gap-6 lg:mt-16 lg:grid-cols-3 lg:items-center">
        {PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan} />
        ))}
      </div>
      <p className="mt-8 text-center text-sm text-ink-subtle">
        Prices in US dollars. Plans renew monthly; unused monthly tokens lapse at renewal.
      </p>
      <TokenCosts />
    </Container>
  );
}
