import { Menu } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import {
  Dialog,
  DialogCloseIcon,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
  SheetContent,
} from "../../../components/ui/dialog.tsx";
import { Logo } from "../../../components/ui/logo.tsx";
import type { Session } from "../../auth/session.ts";
import { FOOTER_LINKS, type NavItem } from "../nav-items.ts";
import { AccountActions } from "./account-actions.tsx";
import { NavLinkItem } from "./nav-link-item.tsx";

type MobileMenuProps = {
  items: NavItem[];
  session: Session | null;
  tokensLoading?: boolean;
  onLogOut?: () => void;
};

export function MobileMenu({ items, session, tokensLoading, onLogOut }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const navigated = useRef(false);
  const logOutAfterClose = useRef(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // Browser back/forward changes the page without a click on one of our links.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every page change
  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  const closeOnNavigate = () => {
    navigated.current = true;
    setOpen(false);
  };

  const startLogOut = () => {
    logOutAfterClose.current = true;
    setOpen(false);
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger
        ref={trigger}
        aria-label="Open menu"
        className="inline-flex size-11 items-center justify-center rounded-full border border-line-strong bg-surface text-ink shadow-xs transition-colors hover:bg-sunken"
      >
        <Menu aria-hidden="true" className="size-5" />
      </DialogTrigger>
      <SheetContent
        onCloseAutoFocus={(event) => {
          // after a navigation the new page takes focus, not the menu button
          if (navigated.current) event.preventDefault();
          navigated.current = false;
          // The confirmation opens once the sheet is gone, from the menu button, which is
          // where focus returns if the user cancels.
          if (logOutAfterClose.current) {
            logOutAfterClose.current = false;
            event.preventDefault();
            trigger.current?.focus();
            onLogOut?.();
          }
        }}
      >
        <div className="flex h-16 items-center justify-between border-b border-line px-4">
          <Link to="/" onClick={closeOnNavigate} className="rounded-lg">
            <Logo />
          </Link>
          <DialogCloseIcon label="Close menu" />
        </div>
        <DialogTitle className="sr-only">Menu</DialogTitle>
        <DialogDescription className="sr-only">Site navigation</DialogDescription>
        <nav aria-label="Mobile" className="flex flex-1 flex-col overflow-y-auto px-3 py-4">
          <ul className="flex flex-col gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLinkItem item={item} layout="sheet" onNavigate={closeOnNavigate} />
              </li>
            ))}
          </ul>
          <div className="mt-4 px-1">
            <AccountActions
              session={session}
              tokensLoading={tokensLoading}
              layout="sheet"
              onNavigate={closeOnNavigate}
              onLogOut={startLogOut}
            />
          </div>
          <ul className="mt-auto flex flex-wrap gap-x-5 gap-y-2 border-t border-line px-2 pt-5 text-sm">
            {FOOTER_LINKS.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  onClick={closeOnNavigate}
                  className="text-ink-muted underline-offset-4 hover:text-ink hover:underline aria-[current=page]:font-semibold aria-[current=page]:text-ink"
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </SheetContent>
    </Dialog>
  );
}
