import { NavLink } from "react-router";
import { Container } from "../../../components/ui/container.tsx";
import { Logo } from "../../../components/ui/logo.tsx";
import { FOOTER_LINKS } from "../nav-items.ts";

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-24 border-t border-line bg-canvas">
      <Container className="flex flex-col gap-8 py-10 md:flex-row md:items-start md:justify-between">
        <div className="max-w-xs">
          <Logo />
          <p className="mt-3 text-sm leading-relaxed text-ink-muted">
            Place your product or actor anywhere with AI.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-7 gap-y-3 text-sm font-medium">
            {FOOTER_LINKS.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className="rounded text-ink-muted underline-offset-4 transition-colors hover:text-ink hover:underline aria-[current=page]:text-ink aria-[current=page]:underline"
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </Container>
      <Container>
        <p className="border-t border-line py-6 text-sm text-ink-subtle">© {year} Backdrop</p>
      </Container>
    </footer>
  );
}
