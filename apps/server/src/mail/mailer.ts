import type { MailTransport } from "../config/index.ts";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
};

/** Delivers one mail or rejects; callers decide what a failed delivery means. */
export type Mailer = {
  transport: MailTransport;
  send(mail: MailMessage): Promise<void>;
};
