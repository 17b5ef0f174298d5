import { EMAIL_PATTERN } from "@backdrop/shared";
import { z } from "zod";
import { hasScheme, optionalVariable, rateLimitVariable, variable } from "./variables.ts";

const DEFAULT_MAIL_FROM = "Backdrop <no-reply@backdrop.local>";

/** Outgoing mail and the support team's address. */
export const mailVariables = {
  SMTP_URL: optionalVariable(
    z.string().refine((value) => hasScheme(value, ["smtp", "smtps"]), {
      error: "must be a URL starting with smtp:// or smtps://",
    }),
  ),
  MAIL_FROM: variable(
    z.string().refine((value) => /[^\s@<]+@[^\s@>]+/.test(value), {
      error: 'must be a sender like "Backdrop <no-reply@example.com>"',
    }),
    DEFAULT_MAIL_FROM,
  ),
  SUPPORT_EMAIL: variable(
    z.string().trim().regex(EMAIL_PATTERN, { error: "must be an e-mail address" }),
    "support@backdrop.local",
  ),
  DEV_MAILBOX: optionalVariable(z.enum(["open"], { error: "must be open or unset" })),
  SUPPORT_RATE_LIMIT: rateLimitVariable("5/600"),
};
