import { Link } from "react-router";
import { Container } from "../../../components/ui/container.tsx";
import { Logo } from "../../../components/ui/logo.tsx";
import { sessionOf, useSession } from "../../auth/session.ts";
import { navItems } from "../nav-items.ts";
import { AccountActions } from "./account-actions.tsx";
import { MobileMenu } from "./mobile-menu.tsx";
import { NavLinkItem } from "./nav-link-item.tsx";

export function SiteHeader() {
  const session = sessionOf(useSession());
  const items = navItems(session);

  return (
    <header className="sticky top-0 z-40 border-b border-line/80 bg-canvas/85 backdrop-blur-md supports-[backdrop-filter]:bg-canvas/75">
      <Container className="flex h-16 items-center justify-between gap-4">
        <Link to="/" className="-m-1 rounded-lg p-1">
          <Logo />
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-6 md:flex">
          <ul className="flex items-center gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLinkItem item={item} layout="bar" />
              </li>
            ))}
          </ul>
          <AccountActions session={session} layout="bar" />
        </nav>
        <MobileMenu items={items} session={session} />
      </Container>
    </header>
  );
}
