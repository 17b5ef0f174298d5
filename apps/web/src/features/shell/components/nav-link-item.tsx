import { NavLink } from "react-router";
import { cx } from "../../../lib/cx.ts";
import type { NavItem } from "../nav-items.ts";

type NavLinkItemProps = { item: NavItem; layout: "bar" | "sheet"; onNavigate?: () => void };

const looks = {
  bar: "rounded-full px-3.5 py-2 text-sm font-medium text-ink-muted transition-colors hover:bg-sunken hover:text-ink aria-[current=page]:bg-surface aria-[current=page]:text-ink aria-[current=page]:shadow-xs aria-[current=page]:ring-1 aria-[current=page]:ring-line",
  sheet:
    "flex items-center justify-between rounded-2xl px-4 py-3.5 font-display text-2xl font-semibold tracking-tight text-ink-muted transition-colors hover:bg-sunken hover:text-ink aria-[current=page]:bg-surface aria-[current=page]:text-ink aria-[current=page]:shadow-xs aria-[current=page]:ring-1 aria-[current=page]:ring-line",
};

export function NavLinkItem({ item, layout, onNavigate }: NavLinkItemProps) {
  return (
    <NavLink to={item.to} end={item.end} className={cx(looks[layout])} onClick={onNavigate}>
      {item.label}
    </NavLink>
  );
}
