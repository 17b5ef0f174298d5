import type { TMailboxEntry } from "@backdrop/shared";
import { Hono } from "hono";
import type { Container } from "../container.ts";
import { extractLinks } from "../mail/mail-links.ts";

/** The outbox is a development aid: never exposed in production or when mail really leaves. */
export function isDevMailboxEnabled({ env, mailer }: Container): boolean {
  return mailer.transport === "outbox" && env.nodeEnv !== "production";
}

export function devMailboxRoutes({ repositories }: Container): Hono {
  return new Hono().get("/mailbox", async (c) => {
    const mails = await repositories.mailOutbox.list();
    const entries: TMailboxEntry[] = mails.map((mail) => ({
      id: mail.id,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      links: extractLinks(mail.text, mail.html),
      createdAt: mail.createdAt,
    }));
    return c.json(entries);
  });
}
