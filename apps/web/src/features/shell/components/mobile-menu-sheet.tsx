import { type RefObject, useRef } from "react";
import { Link, NavLink } from "react-router";
import {
  Dialog,
  DialogCloseIcon,
  DialogDescription,
  DialogTitle,
  SheetContent,
} from "../../../components/ui/dialog.tsx";
import { Logo } from "../../../components/ui/logo.tsx";
import type { Session } from "../../auth/index.ts";
import { FOOTER_LINKS, type NavItem } from "../nav-items.ts";
import { AccountActions } from "./account-actions.tsx";
import { NavLinkItem } from "./nav-link-item.tsx";

export type MobileMenuSheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The sheet's element id, which the menu button controls. */
  id: string;
  /** The menu button, where focus returns when the sheet closes without a navigation. */
  trigger: RefObject<HTMLButtonElement | null>;
  items: NavItem[];
  session: Session | null;
  tokensLoading?: boolean;
  onLogOut?: () => void;
};

/** The mobile menu's sheet, loaded apart from the header (mobile-menu.tsx). */
export function MobileMenuSheet({
  open,
  onOpenChange,
  id,
  trigger,
  items,
  session,
  tokensLoading,
  onLogOut,
}: MobileMenuSheetProps) {
  const navigated = useRef(false);
  const logOutAfterClose = useRef(false);

  const closeOnNavigate = () => {
    navigated.current = true;
    onOpenChange(false);
  };

  const startLogOut = () => {
    logOutAfterClose.current = true;
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <SheetContent
        id={id}
        onCloseAutoFocus={(event) => {
          // The menu button is no Radix trigger: focus goes back to it here.
          event.preventDefault();
          // after a navigation the new page takes focus, not the menu button
          if (navigated.current) {
            navigated.current = false;
            return;
          }
          trigger.current?.focus();
          // The confirmation opens once the sheet is gone, from the menu button, which is
          // where focus returns if the user cancels.
          if (logOutAfterClose.current) {
            logOutAfterClose.current = false;
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
