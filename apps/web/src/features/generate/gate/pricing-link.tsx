import type { ReactNode } from "react";
import { Link } from "react-router";

/** The way to more tokens or a renewed plan, under a price that cannot be paid. */
export function PricingLink({ children }: { children: ReactNode }) {
  return (
    <Link
      to="/pricing"
      className="font-semibold text-accent-600 underline underline-offset-4 hover:text-accent-700"
    >
      {children}
    </Link>
  );
}
