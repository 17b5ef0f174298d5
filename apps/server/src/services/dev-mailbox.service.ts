import type { TMailboxEntry } from "@backdrop/shared";
import { extractLinks } from "../mail/mail-links.ts";
import type { MailOutboxRepository } from "../repositories/mail-outbox.repository.ts";

export type DevMailbox = ReturnType<typeof createDevMailbox>;

/** The development mailbox: the e-mails the outbox kept, each with the links it carries. */
export function createDevMailbox(outbox: Pick<MailOutboxRepository, "list">) {
  return {
    async entries(): Promise<TMailboxEntry[]> {
      const mails = await outbox.list();
      return mails.map((mail) => ({
        id: mail.id,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        links: extractLinks(mail.text, mail.html),
        createdAt: mail.createdAt,
      }));
    },
  };
}
