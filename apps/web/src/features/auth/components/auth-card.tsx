import type { ReactNode } from "react";
import { Container } from "../../../components/ui/container.tsx";
import { LogoMark } from "../../../components/ui/logo.tsx";

type AuthCardProps = {
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
  /** A line under the card, e.g. the link between log in and sign up. */
  footer?: ReactNode;
};

/** The frame of the account pages: one card, the page's h1, the form. */
export function AuthCard({ title, lead, children, footer }: AuthCardProps) {
  return (
    <div className="relative isolate">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-[28rem] bg-[radial-gradient(55%_60%_at_50%_0%,var(--color-accent-100)_0%,transparent_70%)] opacity-70"
      />
      <Container width="narrow" className="py-12 sm:py-16">
        <div className="rounded-panel border border-line bg-surface p-6 shadow-panel sm:p-10">
          <LogoMark className="size-10" />
          <h1 className="mt-6 text-3xl font-bold tracking-tight text-ink sm:text-4xl">{title}</h1>
          {lead && <p className="mt-2.5 text-[0.9375rem] leading-relaxed text-ink-muted">{lead}</p>}
          <div className="mt-8">{children}</div>
        </div>
        {footer && <p className="mt-6 text-center text-[0.9375rem] text-ink-muted">{footer}</p>}
      </Container>
    </div>
  );
}

/** The accent link style of the account pages. */
export const AUTH_LINK =
  "font-semibold text-accent-600 underline-offset-4 hover:text-accent-700 hover:underline";
