import { Inbox, MailX, RefreshCw, TriangleAlert } from "lucide-react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { NoticeCard } from "../../../components/ui/notice-card.tsx";
import { cx } from "../../../lib/cx.ts";
import { LOAD_FAILED } from "../api.ts";
import { useMailbox } from "../hooks/use-mailbox.ts";
import { MailCard } from "./mail-card.tsx";

function MailboxSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <p className="sr-only">Loading the mailbox…</p>
      {[0, 1, 2].map((key) => (
        <div key={key} className="h-40 animate-pulse rounded-card border border-line bg-surface" />
      ))}
    </div>
  );
}

function MailboxBody() {
  const query = useMailbox();
  if (query.isPending) return <MailboxSkeleton />;
  if (query.isError) {
    return (
      <NoticeCard
        level={2}
        tone="danger"
        icon={<TriangleAlert aria-hidden="true" />}
        title="Could not load the mailbox"
      >
        <p>
          {query.error.message === LOAD_FAILED
            ? "The API answered with an error."
            : query.error.message}{" "}
          Is the API server running?
        </p>
      </NoticeCard>
    );
  }
  if (!query.data.available) {
    return (
      <NoticeCard
        level={2}
        tone="neutral"
        icon={<MailX aria-hidden="true" />}
        title="The dev mailbox is not available"
      >
        <p>
          The mailbox is only shown to this machine (loopback): open this page on the server's own
          computer, at a localhost address and not through a proxy, or start the server with
          DEV_MAILBOX=open. It exists only while mail goes to the built-in outbox (no SMTP_URL), and
          never in production.
        </p>
      </NoticeCard>
    );
  }
  const { mails } = query.data;
  if (mails.length === 0) {
    return (
      <NoticeCard
        level={2}
        tone="neutral"
        icon={<Inbox aria-hidden="true" />}
        title="No e-mails yet"
      >
        <p>
          Verification links, password resets, contact messages and reports appear here as soon as
          the server sends them.
        </p>
      </NoticeCard>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-ink-muted">
        {mails.length === 1 ? "1 e-mail" : `${mails.length} e-mails`}, newest first
      </p>
      {mails.map((mail) => (
        <MailCard key={mail.id} mail={mail} />
      ))}
    </div>
  );
}

export function DevMailbox() {
  const query = useMailbox();
  return (
    <div>
      <div className="flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
        <div className="max-w-2xl">
          <Badge tone="dev">Developer tool</Badge>
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-ink">Dev mailbox</h1>
          <p className="mt-3 text-ink-muted">
            The e-mails the server has sent, kept by its outbox so you can follow verification and
            reset links without a real mail server.
          </p>
          <p className="mt-2 text-sm text-ink-muted">
            Only this machine (loopback) can read them, unless the server runs with
            DEV_MAILBOX=open.
          </p>
        </div>
        <Button
          variant="secondary"
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
        >
          <RefreshCw aria-hidden="true" className={cx(query.isFetching && "animate-spin")} />
          Refresh
        </Button>
      </div>
      <div className="mt-10">
        <MailboxBody />
      </div>
    </div>
  );
}
