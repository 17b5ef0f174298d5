import { Container } from "../components/ui/container.tsx";
import { DevMailbox } from "../features/dev-mailbox/index.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

export function DevMailboxPage() {
  usePageTitle("Dev mailbox");
  return (
    <div>
      <div
        aria-hidden="true"
        className="h-2 bg-[repeating-linear-gradient(-45deg,var(--color-ink)_0_10px,var(--color-accent-400)_10px_20px)]"
      />
      <Container width="prose" className="py-12 sm:py-16">
        <DevMailbox />
      </Container>
    </div>
  );
}
