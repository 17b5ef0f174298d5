import type { MailMessage } from "../mail/mailer.ts";
import { mailTemplate } from "../mail/template.ts";
import type { ContactMessage, IssueReport } from "../repositories/support.repository.ts";

const SUBJECT_EXCERPT = 60;

/** A single header line: user text may hold line breaks, which have no place in a subject. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function excerpt(text: string, length: number): string {
  const chars = Array.from(oneLine(text));
  return chars.length > length ? `${chars.slice(0, length).join("")}…` : chars.join("");
}

/** One labelled line of a support mail; `href` makes its value a link to that address. */
type Field = { label: string; value: string; href?: string };

type SupportMailView = { title: string; fields: Field[]; body: string; footer: string };

/** Every value is escaped by the template: user text, the sender and the attachment link. */
const html = mailTemplate<SupportMailView>(
  [
    '<div style="font-family:system-ui,sans-serif;line-height:1.5;color:#111827">',
    '<h2 style="margin:0 0 12px"><%= it.title %></h2>',
    "<% for (const field of it.fields) { %>" +
      '<p style="margin:4px 0"><strong><%= field.label %>:</strong> ' +
      '<% if (field.href) { %><a href="<%= field.href %>"><%= field.value %></a>' +
      "<% } else { %><%= field.value %><% } %></p>",
    "<% } %>" +
      '<div style="white-space:pre-wrap;margin:16px 0;padding:12px;border-left:3px solid #d1d5db"><%= it.body %></div>',
    '<p style="color:#6b7280;font-size:12px"><%= it.footer %></p>',
    "</div>",
  ].join("\n"),
);

function footerLine(id: string, createdAt: number): string {
  return `Received ${new Date(createdAt).toISOString()} · reference ${id}`;
}

export function contactMail(message: ContactMessage, to: string): MailMessage {
  const foot = footerLine(message.id, message.createdAt);
  const from = `${message.name} <${message.email}>`;
  return {
    to,
    replyTo: message.email,
    subject: `[Contact] ${excerpt(message.subject, 150)}`,
    text: [
      "New contact message",
      "",
      `From: ${from}`,
      `Subject: ${message.subject}`,
      "",
      message.message,
      "",
      `--\n${foot}`,
    ].join("\n"),
    html: html({
      title: "New contact message",
      fields: [
        { label: "From", value: from },
        { label: "Subject", value: message.subject },
      ],
      body: message.message,
      footer: foot,
    }),
  };
}

export function reportMail(report: IssueReport, to: string): MailMessage {
  const foot = footerLine(report.id, report.createdAt);
  const reporter = report.email ?? "not given";
  const link = report.attachmentLink;
  return {
    to,
    ...(report.email ? { replyTo: report.email } : {}),
    subject: `[${report.issueType}] ${excerpt(report.description, SUBJECT_EXCERPT)}`,
    text: [
      `New issue report: ${report.issueType}`,
      "",
      `Reporter email: ${reporter}`,
      `Attachment: ${link ?? "none"}`,
      "",
      report.description,
      "",
      `--\n${foot}`,
    ].join("\n"),
    html: html({
      title: `New issue report: ${report.issueType}`,
      fields: [
        { label: "Reporter email", value: reporter },
        link
          ? { label: "Attachment", value: link, href: link }
          : { label: "Attachment", value: "none" },
      ],
      body: report.description,
      footer: foot,
    }),
  };
}
