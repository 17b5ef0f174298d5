import type { ColumnType } from "kysely";

/**
 * Epoch milliseconds in a bigint column: written as a number, read back as a number on
 * SQLite but as a string on PostgreSQL (pg returns int8 as text), so always `Number()` it.
 */
export type EpochMs = ColumnType<number | string, number, number>;

export type MailStatus = "pending" | "sent" | "failed";

export type ContactMessagesTable = {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  user_id: string | null;
  client_ip: string;
  mail_status: MailStatus;
  created_at: EpochMs;
};

export type IssueReportsTable = {
  id: string;
  issue_type: string;
  description: string;
  attachment_link: string | null;
  email: string | null;
  user_id: string | null;
  client_ip: string;
  mail_status: MailStatus;
  created_at: EpochMs;
};

export type MailOutboxTable = {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: EpochMs;
};

export type Database = {
  contact_messages: ContactMessagesTable;
  issue_reports: IssueReportsTable;
  mail_outbox: MailOutboxTable;
};
