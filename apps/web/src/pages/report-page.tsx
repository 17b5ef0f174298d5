import { Card } from "../components/ui/card.tsx";
import { Container } from "../components/ui/container.tsx";
import { PageIntro } from "../components/ui/page-intro.tsx";
import { ReportForm } from "../features/support/index.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

export function ReportPage() {
  usePageTitle("Report an issue");
  return (
    <Container width="prose" className="py-14 sm:py-20">
      <PageIntro
        eyebrow="Support"
        title="Report an issue"
        lead="Something broken, confusing or missing? Tell us what happened. Reports go straight to the team that builds Backdrop."
      />
      <Card className="mt-10 p-6 sm:p-8">
        <ReportForm />
      </Card>
    </Container>
  );
}
