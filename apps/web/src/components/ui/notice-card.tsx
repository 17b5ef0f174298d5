import type { ReactNode } from "react";
import { Link } from "react-router";
import { cx } from "../../lib/cx.ts";
import { buttonClasses } from "./button.tsx";

type NoticeCardProps = {
  icon: ReactNode;
  title: ReactNode;
  /** The page's h1 by default; a card inside a page passes 2. */
  level?: 1 | 2;
  children?: ReactNode;
  actions?: ReactNode;
  tone?: "neutral" | "accent" | "danger";
  className?: string;
};

const iconTones = {
  neutral: "bg-sunken text-ink-muted ring-line",
  accent: "bg-accent-50 text-accent-600 ring-accent-100",
  danger: "bg-danger-50 text-danger-600 ring-danger-600/15",
};

/** A centred card with an icon, a heading, a short explanation and next steps. */
export function NoticeCard({
  icon,
  title,
  level = 1,
  children,
  actions,
  tone = "accent",
  className,
}: NoticeCardProps) {
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <div
      className={cx(
        "mx-auto w-full max-w-md rounded-panel border border-line bg-surface p-8 text-center shadow-panel sm:p-10",
        className,
      )}
    >
      <span
        className={cx(
          "inline-flex size-14 items-center justify-center rounded-2xl ring-1 [&_svg]:size-7",
          iconTones[tone],
        )}
      >
        {icon}
      </span>
      <Heading
        className={cx(
          "mt-6 font-bold tracking-tight text-ink",
          level === 1 ? "text-3xl" : "text-2xl",
        )}
      >
        {title}
      </Heading>
      {children && (
        <div className="mt-3 text-[0.9375rem] leading-relaxed text-ink-muted">{children}</div>
      )}
      {actions && (
        <div className="mt-8 flex flex-col gap-2.5 sm:flex-row sm:justify-center">{actions}</div>
      )}
    </div>
  );
}

/** What a visitor sees instead of a page that needs an account: Log In, then back to `next`. */
export function LoginNotice({
  icon,
  title,
  next,
  children,
}: {
  icon: ReactNode;
  title: ReactNode;
  /** The page to come back to after logging in. */
  next: string;
  children: ReactNode;
}) {
  return (
    <NoticeCard
      level={2}
      className="mt-12"
      icon={icon}
      title={title}
      actions={
        <Link to={`/login?next=${next}`} className={buttonClasses({ variant: "primary" })}>
          Log In
        </Link>
      }
    >
      {children}
    </NoticeCard>
  );
}
