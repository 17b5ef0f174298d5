import type { TMailboxEntry } from "@backdrop/shared";
import { Link2 } from "lucide-react";
import { formatDateTime } from "../../../lib/format.ts";

export function MailCard({ mail }: { mail: TMailboxEntry }) {
  const titleId = `mail-${mail.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="rounded-card border border-line bg-surface shadow-card"
    >
      <header className="flex flex-col gap-1 border-b border-line px-5 py-4 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
        <div className="min-w-0">
          <h2 id={titleId} className="font-sans text-base font-semibold text-ink">
            {mail.subject}
          </h2>
          <p className="mt-0.5 truncate text-sm text-ink-muted">
            <span className="text-ink-subtle">To </span>
            {mail.to}
          </p>
        </div>
        <time
          dateTime={new Date(mail.createdAt).toISOString()}
          className="shrink-0 font-mono text-xs text-ink-subtle"
        >
          {formatDateTime(mail.createdAt)}
        </time>
      </header>
      <pre className="max-h-72 overflow-auto px-5 py-4 font-sans text-sm leading-relaxed whitespace-pre-wrap wrap-anywhere text-ink-soft">
        {mail.text}
      </pre>
      {mail.links.length > 0 && (
        <div className="border-t border-line bg-canvas px-5 py-3.5">
          <p className="text-xs font-semibold tracking-wide text-ink-subtle uppercase">Links</p>
          <ul className="mt-2 flex flex-col gap-1.5">
            {mail.links.map((link) => (
              <li key={link} className="flex items-start gap-2 text-sm">
                <Link2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink-subtle" />
                <a
                  href={link}
                  className="font-mono break-all text-accent-600 underline underline-offset-4 hover:text-accent-700"
                >
                  {link}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </article>
  );
}
