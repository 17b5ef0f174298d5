import { Container } from "../components/ui/container.tsx";
import { GenerateWorkspace } from "../features/batch/index.ts";
import { GenerateHero, LazyHowItWorks } from "../features/generate/index.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

export function GeneratePage() {
  usePageTitle("Generate");
  return (
    <div className="relative isolate overflow-x-clip">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-[38rem] bg-[radial-gradient(60%_55%_at_50%_0%,var(--color-accent-100)_0%,transparent_70%)] opacity-80"
      />
      <Container className="pt-14 sm:pt-20">
        <GenerateHero />
        <div className="mt-12 sm:mt-14">
          <GenerateWorkspace />
        </div>
        <LazyHowItWorks />
      </Container>
    </div>
  );
}
