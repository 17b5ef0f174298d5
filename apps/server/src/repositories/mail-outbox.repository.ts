import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

export type OutboxMail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: number;
};

export type MailOutboxRepository = ReturnType<typeof createMailOutboxRepository>;

export function createMailOutboxRepository(db: Kysely<Database>) {
  return {
    async insert(mail: OutboxMail): Promise<void> {
      await db
        .insertInto("mail_outbox")
        .values({
          id: mail.id,
          to_address: mail.to,
          subject: mail.subject,
          text_body: mail.text,
          html_body: mail.html,
          created_at: mail.createdAt,
        })
        .execute();
    },

    /** Newest first. */
    async list(limit = 200): Promise<OutboxMail[]> {
      const rows = await db
        .selectFrom("mail_outbox")
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id")
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        createdAt: Number(row.created_at),
      }));
    },
  };
}
