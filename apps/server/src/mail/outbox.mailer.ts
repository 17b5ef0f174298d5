import { randomUUID } from "node:crypto";
import type { Clock } from "../lib/clock.ts";
import type { MailOutboxRepository } from "../repositories/mail-outbox.repository.ts";
import type { Mailer } from "./mailer.ts";

/** The development transport: mails are stored in the database and read at /dev/mailbox. */
export function createOutboxMailer(outbox: MailOutboxRepository, clock: Clock): Mailer {
  return {
    transport: "outbox",
    async send(mail) {
      await outbox.insert({
        id: randomUUID(),
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
        createdAt: clock.now(),
      });
    },
  };
}
