import { ReceiptText } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../components/ui/button.tsx";
import { Container } from "../components/ui/container.tsx";
import { NoticeCard } from "../components/ui/notice-card.tsx";
import { usePageTitle } from "../lib/use-page-title.ts";

export function PaymentSuccessPage() {
  usePageTitle("Payment");
  return (
    <Container className="py-16 sm:py-24">
      <NoticeCard
        icon={<ReceiptText aria-hidden="true" />}
        title="Payment result"
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
        <p>There is no payment to confirm.</p>
        <p className="mt-2 text-sm text-ink-subtle">
          Subscriptions open together with accounts. After a checkout, this page confirms your plan
          and takes you back to the studio.
        </p>
      </NoticeCard>
    </Container>
  );
}
