import type { MailMessage } from "../mail/mailer.ts";
import { mailTemplate } from "../mail/template.ts";

export const VERIFICATION_SUBJECT = "Verify your email for Backdrop";
export const RESET_PASSWORD_SUBJECT = "Reset your Backdrop password";

type LinkMail = { to: string; name: string; url: string };

function greeting(name: string): string {
  const trimmed = name.trim();
  return trimmed ? `Hi ${trimmed},` : "Hi,";
}

type LinkMailLines = {
  greeting: string;
  intro: string;
  button: string;
  url: string;
  outro: string;
};

/** Every value is escaped by the template (the URL too, in the href and as text). */
const html = mailTemplate<LinkMailLines>(
  [
    '<div style="font-family:system-ui,sans-serif;line-height:1.5;color:#111827;max-width:560px">',
    "<p><%= it.greeting %></p>",
    "<p><%= it.intro %></p>",
    '<p><a href="<%= it.url %>" style="display:inline-block;padding:10px 18px;background:#111827;color:#ffffff;border-radius:6px;text-decoration:none"><%= it.button %></a></p>',
    '<p style="font-size:13px;color:#4b5563">If the button does not work, copy this link into your browser:<br><%= it.url %></p>',
    '<p style="font-size:13px;color:#4b5563"><%= it.outro %></p>',
    "</div>",
  ].join("\n"),
);

export function verificationMail({ to, name, url }: LinkMail): MailMessage {
  const intro =
    "Welcome to Backdrop! Please confirm your email address to finish creating your account.";
  const outro =
    "The link works for one hour. If you did not sign up for Backdrop, you can ignore this email.";
  return {
    to,
    subject: VERIFICATION_SUBJECT,
    text: [greeting(name), "", intro, "", url, "", outro].join("\n"),
    html: html({ greeting: greeting(name), intro, button: "Verify email", url, outro }),
  };
}

export function resetPasswordMail({ to, name, url }: LinkMail): MailMessage {
  const intro = "We received a request to reset the password of your Backdrop account.";
  const outro =
    "The link works once, for one hour. If you did not ask for a new password, ignore this email: your password stays the same.";
  return {
    to,
    subject: RESET_PASSWORD_SUBJECT,
    text: [greeting(name), "", intro, "Choose a new password here:", "", url, "", outro].join("\n"),
    html: html({ greeting: greeting(name), intro, button: "Choose a new password", url, outro }),
  };
}
