import { hasLiveSubscription, type Session } from "../auth/index.ts";

export type NavItem = { to: string; label: string; end?: boolean };

/** The header's page links for a visitor, following SPEC "Shared frame". */
export function navItems(session: Session | null): NavItem[] {
  const items: NavItem[] = [{ to: "/", label: "Generate", end: true }];
  if (session) items.push({ to: "/gallery", label: "Gallery" });
  items.push({ to: "/pricing", label: hasLiveSubscription(session) ? "Subscription" : "Pricing" });
  return items;
}

export const FOOTER_LINKS: NavItem[] = [
  { to: "/privacy", label: "Privacy" },
  { to: "/terms", label: "Terms" },
  { to: "/contact", label: "Contact" },
  { to: "/report", label: "Report" },
];
