import { CalendarDays } from "lucide-react";
import type { ReactNode } from "react";
import { Container } from "../../../components/ui/container.tsx";
import { LEGAL_LAST_UPDATED, type LegalSection } from "../legal.ts";

type LegalDocumentProps = {
  title: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
};

/** A legal page: title, date, a table of contents beside numbered sections. */
export function LegalDocument({ title, intro, sections }: LegalDocumentProps) {
  return (
    <Container className="py-14 sm:py-20">
      <header className="max-w-3xl border-b border-line pb-10">
        <p className="text-sm font-semibold tracking-wide text-accent-600 uppercase">Legal</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-ink sm:text-5xl">{title}</h1>
        <p className="mt-4 inline-flex items-center gap-2 text-sm text-ink-muted">
          <CalendarDays aria-hidden="true" className="size-4" />
          Last updated {LEGAL_LAST_UPDATED}
        </p>
        <div className="mt-6 text-lg leading-relaxed text-ink-muted">{intro}</div>
      </header>
      <div className="mt-10 grid gap-12 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <nav aria-label="On this page" className="hidden lg:block">
          <div className="sticky top-24">
            <p className="text-xs font-semibold tracking-wide text-ink-subtle uppercase">
              On this page
            </p>
            <ol className="mt-3 flex flex-col gap-0.5 border-l border-line text-sm">
              {sections.map((section, index) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="-ml-px flex gap-2 border-l border-transparent py-1.5 pl-4 text-ink-muted hover:border-ink-subtle hover:text-ink"
                  >
                    <span aria-hidden="true" className="w-4 tabular-nums text-ink-subtle">
                      {index + 1}
                    </span>
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>
        <div className="prose-legal max-w-[68ch]">
          {sections.map((section, index) => (
            <section key={section.id} aria-labelledby={section.id}>
              <h2 id={section.id} className={index === 0 ? "mt-0" : undefined}>
                <span aria-hidden="true" className="mr-2 text-accent-600 tabular-nums">
                  {index + 1}.
                </span>
                {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </div>
      </div>
    </Container>
  );
}
