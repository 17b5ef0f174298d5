import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Container } from "../../../components/ui/container.tsx";
import { Logo } from "../../../components/ui/logo.tsx";
import { cx } from "../../../lib/cx.ts";
import { whenIdle } from "../../../lib/when-idle.ts";
import { ConfirmLogoutDialog, useSession } from "../../auth/index.ts";
import { navItems } from "../nav-items.ts";
import { AccountActions } from "./account-actions.tsx";
import { HeaderSkeleton } from "./header-skeleton.tsx";
import { MobileMenu } from "./mobile-menu.tsx";
import { NavLinkItem } from "./nav-link-item.tsx";
import { TokenCount } from "./token-count.tsx";

/**
 * The site's header. A logged-in user's bar holds six items, which need the room of a
 * large screen; below that they move into the menu, as everyone's do below medium.
 */
export function SiteHeader() {
  const { loading, session, userLoading } = useSession();
  const [confirmLogout, setConfirmLogout] = useState(false);
  const logoutOpener = useRef<HTMLElement | null>(null);
  const items = navItems(session);
  const loggedIn = session !== null;
  // Only a logged-in visitor can log out: the confirmation loads for them, when idle.
  useEffect(() => (loggedIn ? whenIdle(ConfirmLogoutDialog.preload) : undefined), [loggedIn]);
  const openLogout = () => {
    logoutOpener.current =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setConfirmLogout(true);
  };

  return (
    <header className="sticky top-0 z-40 border-b border-line/80 bg-canvas/85 backdrop-blur-md supports-[backdrop-filter]:bg-canvas/75">
      <Container className="flex h-16 items-center justify-between gap-4">
        <Link to="/" className="-m-1 shrink-0 rounded-lg p-1">
          <Logo />
        </Link>
        {loading ? (
          <HeaderSkeleton />
        ) : (
          <>
            <nav
              aria-label="Main"
              className={cx("hidden items-center gap-5", session ? "lg:flex" : "md:flex")}
            >
              <ul className="flex items-center gap-1">
                {items.map((item) => (
                  <li key={item.to}>
                    <NavLinkItem item={item} layout="bar" />
                  </li>
                ))}
              </ul>
              <AccountActions
                session={session}
                tokensLoading={userLoading}
                layout="bar"
                onLogOut={openLogout}
              />
            </nav>
            <div className={cx("flex items-center gap-2", session ? "lg:hidden" : "md:hidden")}>
              {session && <TokenCount count={session.tokenCount} loading={userLoading} />}
              <MobileMenu
                items={items}
                session={session}
                tokensLoading={userLoading}
                onLogOut={openLogout}
              />
            </div>
          </>
        )}
      </Container>
      <ConfirmLogoutDialog
        open={confirmLogout}
        onOpenChange={setConfirmLogout}
        returnFocus={() => logoutOpener.current}
      />
    </header>
  );
}
