import { Menu } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { lazyDialog } from "../../../components/ui/lazy-dialog.tsx";
import { whenIdle } from "../../../lib/when-idle.ts";
import type { Session } from "../../auth/index.ts";
import type { NavItem } from "../nav-items.ts";

/** The sheet and the dialog library load apart from the header, when the browser is idle. */
const MobileMenuSheet = lazyDialog(() =>
  import("./mobile-menu-sheet.tsx").then((sheet) => sheet.MobileMenuSheet),
);

type MobileMenuProps = {
  items: NavItem[];
  session: Session | null;
  tokensLoading?: boolean;
  onLogOut?: () => void;
};

export function MobileMenu({ items, session, tokensLoading, onLogOut }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const sheetId = useId();
  const { pathname } = useLocation();

  useEffect(() => whenIdle(MobileMenuSheet.preload), []);

  // Browser back/forward changes the page without a click on one of our links.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every page change
  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={sheetId}
        onClick={() => setOpen(true)}
        className="inline-flex size-11 items-center justify-center rounded-full border border-line-strong bg-surface text-ink shadow-xs transition-colors hover:bg-sunken"
      >
        <Menu aria-hidden="true" className="size-5" />
      </button>
      <MobileMenuSheet
        open={open}
        onOpenChange={setOpen}
        id={sheetId}
        trigger={trigger}
        items={items}
        session={session}
        tokensLoading={tokensLoading}
        onLogOut={onLogOut}
      />
    </>
  );
}
