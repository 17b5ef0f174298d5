import { createTransport } from "nodemailer";
import type { Mailer } from "./mailer.ts";

export type SmtpMailerOptions = { url: string; from: string };

export function createSmtpMailer({ url, from }: SmtpMailerOptions): Mailer {
  // Nodemailer waits minutes by default; a stuck relay should fail the request within seconds.
  const transporter = createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    transport: "smtp",
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      });
    },
  };
}
