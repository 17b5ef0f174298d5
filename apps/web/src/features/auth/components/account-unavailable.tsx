import { KeyRound } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button.tsx";
import { Container } from "../../../components/ui/container.tsx";
import { NoticeCard } from "../../../components/ui/notice-card.tsx";

/** The account pages until the identity service arrives: an honest note, no dead form. */
export function AccountUnavailable({ title }: { title: string }) {
  return (
    <Container className="py-16 sm:py-24">
      <NoticeCard
        icon={<KeyRound aria-hidden="true" />}
        title={title}
        actions={
          <>
            <Link to="/" className={buttonClasses({ variant: "primary" })}>
              Try the studio
            </Link>
            <Link to="/pricing" className={buttonClasses({ variant: "secondary" })}>
              See plans
            </Link>
          </>
        }
      >
        <p>Sign-in is not available yet.</p>
        <p className="mt-2 text-sm text-ink-subtle">
          Accounts open soon. Until then you can explore the studio, compare plans or{" "}
          <Link
            to="/contact"
            className="font-semibold text-accent-600 underline underline-offset-4 hover:text-accent-700"
          >
            get in touch
          </Link>
          .
        </p>
      </NoticeCard>
    </Container>
  );
}
