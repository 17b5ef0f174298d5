import { CircleAlert, CircleCheck } from "lucide-react";
import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import { buttonClasses } from "../components/ui/button.tsx";
import { Container } from "../components/ui/container.tsx";
import { NoticeCard } from "../components/ui/notice-card.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { useSession } from "../features/auth/index.ts";
import {
  purchaseSummary,
  RedirectNote,
  usePaymentConfirmation,
  useRedirectCountdown,
} from "../features/payment/index.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

/** SPEC point 2: processing, then success (back to / after 3 s) or error. */
export function PaymentSuccessPage() {
  usePageTitle("Payment");
  const [params] = useSearchParams();
  const confirmation = usePaymentConfirmation(params.get("session_id"));
  const succeeded = confirmation.status === "success";
  const remaining = useRedirectCountdown(succeeded);
  const { markTokensUpdated } = useSession();

  useEffect(() => {
    if (succeeded) markTokensUpdated();
  }, [succeeded, markTokensUpdated]);

  return (
    <Container className="py-16 sm:py-24">
      {confirmation.status === "processing" && (
        <NoticeCard icon={<Spinner />} title="Confirming your payment">
          <p role="status">This takes a few seconds. Please keep this page open.</p>
        </NoticeCard>
      )}
      {confirmation.status === "success" && (
        <NoticeCard icon={<CircleCheck aria-hidden="true" />} title="Payment successful">
          <p>{purchaseSummary(confirmation.session)}</p>
          <RedirectNote remaining={remaining} />
        </NoticeCard>
      )}
      {confirmation.status === "error" && (
        <NoticeCard
          tone="danger"
          icon={<CircleAlert aria-hidden="true" />}
          title="Payment not confirmed"
          actions={
            <>
              <Link to="/pricing" className={buttonClasses({ variant: "primary" })}>
                Back to plans
              </Link>
              <Link to="/contact" className={buttonClasses({ variant: "secondary" })}>
                Contact us
              </Link>
            </>
          }
        >
          <p role="alert">{confirmation.message}</p>
        </NoticeCard>
      )}
    </Container>
  );
}
