import { CircleSlash } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../components/ui/button.tsx";
import { Container } from "../components/ui/container.tsx";
import { NoticeCard } from "../components/ui/notice-card.tsx";
import { usePageTitle } from "../lib/use-page-title.ts";

export function PaymentCancelledPage() {
  usePageTitle("Payment cancelled");
  return (
    <Container className="py-16 sm:py-24">
      <NoticeCard
        tone="neutral"
        icon={<CircleSlash aria-hidden="true" />}
        title="Payment cancelled"
        actions={
          <>
            <Link to="/" className={buttonClasses({ variant: "primary" })}>
              Back to Generate
            </Link>
            <Link to="/pricing" className={buttonClasses({ variant: "secondary" })}>
              See plans
            </Link>
          </>
        }
      >
        <p>No payment was taken. You can choose a plan whenever you are ready.</p>
      </NoticeCard>
    </Container>
  );
}
