import type { Kysely, Selectable } from "kysely";
import type { ContactMessagesTable, Database, IssueReportsTable, MailStatus } from "./schema.ts";

export type ContactMessage = {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  userId: string | null;
  clientIp: string;
  mailStatus: MailStatus;
  createdAt: number;
};

export type IssueReport = {
  id: string;
  issueType: string;
  description: string;
  attachmentLink: string | null;
  email: string | null;
  userId: string | null;
  clientIp: string;
  mailStatus: MailStatus;
  createdAt: number;
};

export type SupportRepository = ReturnType<typeof createSupportRepository>;

function toContactMessage(row: Selectable<ContactMessagesTable>): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    userId: row.user_id,
    clientIp: row.client_ip,
    mailStatus: row.mail_status,
    createdAt: Number(row.created_at),
  };
}

function toIssueReport(row: Selectable<IssueReportsTable>): IssueReport {
  return {
    id: row.id,
    issueType: row.issue_type,
    description: row.description,
    attachmentLink: row.attachment_link,
    email: row.email,
    userId: row.user_id,
    clientIp: row.client_ip,
    mailStatus: row.mail_status,
    createdAt: Number(row.created_at),
  };
}

export function createSupportRepository(db: Kysely<Database>) {
  return {
    async insertContactMessage(message: ContactMessage): Promise<void> {
      await db
        .insertInto("contact_messages")
        .values({
          id: message.id,
          name: message.name,
          email: message.email,
          subject: message.subject,
          message: message.message,
          user_id: message.userId,
          client_ip: message.clientIp,
          mail_status: message.mailStatus,
          created_at: message.createdAt,
        })
        .execute();
    },

    async setContactMailStatus(id: string, status: MailStatus): Promise<void> {
      await db
        .updateTable("contact_messages")
        .set({ mail_status: status })
        .where("id", "=", id)
        .execute();
    },

    async listContactMessages(limit = 100): Promise<ContactMessage[]> {
      const rows = await db
        .selectFrom("contact_messages")
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id")
        .limit(limit)
        .execute();
      return rows.map(toContactMessage);
    },

    async insertIssueReport(report: IssueReport): Promise<void> {
      await db
        .insertInto("issue_reports")
        .values({
          id: report.id,
          issue_type: report.issueType,
          description: report.description,
          attachment_link: report.attachmentLink,
          email: report.email,
          user_id: report.userId,
          client_ip: report.clientIp,
          mail_status: report.mailStatus,
          created_at: report.createdAt,
        })
        .execute();
    },

    async setIssueReportMailStatus(id: string, status: MailStatus): Promise<void> {
      await db
        .updateTable("issue_reports")
        .set({ mail_status: status })
        .where("id", "=", id)
        .execute();
    },

    async listIssueReports(limit = 100): Promise<IssueReport[]> {
      const rows = await db
        .selectFrom("issue_reports")
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id")
        .limit(limit)
        .execute();
      return rows.map(toIssueReport);
    },
  };
}
