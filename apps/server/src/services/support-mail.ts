import { escapeHtml } from "../mail/html.ts";
import type { MailMessage } from "../mail/mailer.ts";
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

function footer(id: string, createdAt: number) {
  const line = `Received ${new Date(createdAt).toISOString()} · reference ${id}`;
  return {
    text: `--\n${line}`,
    html: `<p style="color:#6b7280;font-size:12px">${escapeHtml(line)}</p>`,
  };
}

function htmlDocument(title: string, rows: [string, string][], body: string, foot: string): string {
  const fields = rows
    .map(([label, value]) => `<p style="margin:4px 0"><strong>${label}:</strong> ${value}</p>`)
    .join("\n");
  return [
    '<div style="font-family:system-ui,sans-serif;line-height:1.5;color:#111827">',
    `<h2 style="margin:0 0 12px">${escapeHtml(title)}</h2>`,
    fields,
    `<div style="white-space:pre-wrap;margin:16px 0;padding:12px;border-left:3px solid #d1d5db">${body}</div>`,
    foot,
    "</div>",
  ].join("\n");
}

export function contactMail(message: ContactMessage, to: string): MailMessage {
  const foot = footer(message.id, message.createdAt);
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
      foot.text,
    ].join("\n"),
    html: htmlDocument(
      "New contact message",
      [
        ["From", escapeHtml(from)],
        ["Subject", escapeHtml(message.subject)],
      ],
      escapeHtml(message.message),
      foot.html,
    ),
  };
}

export function reportMail(report: IssueReport, to: string): MailMessage {
  const foot = footer(report.id, report.createdAt);
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
      foot.text,
    ].join("\n"),
    html: htmlDocument(
      `New issue report: ${report.issueType}`,
      [
        ["Reporter email", escapeHtml(reporter)],
        ["Attachment", link ? `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>` : "none"],
      ],
      escapeHtml(report.description),
      foot.html,
    ),
  };
}
