import { Compass } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../components/ui/button.tsx";
import { Container } from "../components/ui/container.tsx";
import { NoticeCard } from "../components/ui/notice-card.tsx";
import { usePageTitle } from "../lib/use-page-title.ts";

export function NotFoundPage() {
  usePageTitle("Page not found");
  return (
    <Container className="py-16 sm:py-24">
      <NoticeCard
        tone="neutral"
        icon={<Compass aria-hidden="true" />}
        title="Page not found"
        actions={
          <Link to="/" className={buttonClasses({ variant: "primary" })}>
            Back to Generate
          </Link>
        }
      >
        <p>This page does not exist, or it has moved. The studio is a click away.</p>
      </NoticeCard>
    </Container>
  );
}
