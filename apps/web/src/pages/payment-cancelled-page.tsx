import { CircleSlash } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../components/ui/button.tsx";
import { Container } from "../components/ui/container.tsx";
import { NoticeCard } from "../components/ui/notice-card.tsx";
import { RedirectNote, useRedirectCountdown } from "../features/payment/index.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

/** SPEC point 2: says so, then returns to / after 3 s. */
export function PaymentCancelledPage() {
  usePageTitle("Payment cancelled");
  const remaining = useRedirectCountdown(true);
  return (
    <Container className="py-16 sm:py-24">
      <NoticeCard
        tone="neutral"
        icon={<CircleSlash aria-hidden="true" />}
        title="Payment cancelled"
        actions={
          <Link to="/pricing" className={buttonClasses({ variant: "secondary" })}>
            See plans
          </Link>
        }
      >
        <p>No payment was taken. You can choose a plan or a token pack whenever you are ready.</p>
        <RedirectNote remaining={remaining} />
      </NoticeCard>
    </Container>
  );
}
