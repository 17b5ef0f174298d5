import { Card } from "../components/ui/card.tsx";
import { Container } from "../components/ui/container.tsx";
import { PageIntro } from "../components/ui/page-intro.tsx";
import { useSession } from "../features/auth/index.ts";
import { ReportForm } from "../features/support/index.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

export function ReportPage() {
  usePageTitle("Report an issue");
  const { session } = useSession();
  return (
    <Container width="prose" className="py-14 sm:py-20">
      <PageIntro
        eyebrow="Support"
        title="Report an issue"
        lead="Something broken, confusing or missing? Tell us what happened. Reports go straight to the team that builds Backdrop."
      />
      <Card className="mt-10 p-6 sm:p-8">
        {/* made anew once the session is known, so that its address is filled in */}
        <ReportForm key={session?.uid ?? "visitor"} reporterEmail={session?.email} />
      </Card>
    </Container>
  );
}
