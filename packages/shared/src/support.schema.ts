import { z } from "zod";
import { MESSAGES, SUPPORT_MESSAGES, tooLongMessage } from "./messages.ts";
import { EMAIL_PATTERN, isHttpUrl } from "./validation.ts";

export const ISSUE_TYPES = ["Bug Report", "Feature Request", "Security Issue", "Other"] as const;
export type IssueType = (typeof ISSUE_TYPES)[number];
export const DEFAULT_ISSUE_TYPE: IssueType = "Bug Report";

export const SUPPORT_LIMITS = {
  name: 100,
  email: 254,
  subject: 200,
  message: 5000,
  description: 5000,
  attachmentLink: 2048,
} as const;

const required = (field: string, max: number, emptyMessage: string = MESSAGES.allFieldsRequired) =>
  z
    .string({ error: emptyMessage })
    .trim()
    .min(1, emptyMessage)
    .max(max, tooLongMessage(field, max));

const email = z
  .string({ error: MESSAGES.allFieldsRequired })
  .trim()
  .min(1, MESSAGES.allFieldsRequired)
  .max(SUPPORT_LIMITS.email, tooLongMessage("Email", SUPPORT_LIMITS.email))
  .regex(EMAIL_PATTERN, MESSAGES.invalidEmail);

export const ZContactRequest = z.object({
  name: required("Name", SUPPORT_LIMITS.name),
  email,
  subject: required("Subject", SUPPORT_LIMITS.subject),
  message: required("Message", SUPPORT_LIMITS.message),
});
export type TContactRequest = z.infer<typeof ZContactRequest>;

/** Empty strings count as "not given" for the report's optional fields. */
const optionalText = (inner: z.ZodType<string>) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    inner.optional(),
  );

export const ZReportRequest = z.object({
  issueType: z.enum(ISSUE_TYPES, { error: SUPPORT_MESSAGES.invalidIssueType }),
  description: required(
    "Description",
    SUPPORT_LIMITS.description,
    SUPPORT_MESSAGES.descriptionRequired,
  ),
  attachmentLink: optionalText(
    z
      .string()
      .trim()
      .max(
        SUPPORT_LIMITS.attachmentLink,
        tooLongMessage("Attachment link", SUPPORT_LIMITS.attachmentLink),
      )
      .refine(isHttpUrl, SUPPORT_MESSAGES.invalidAttachmentLink),
  ),
  email: optionalText(
    z
      .string()
      .trim()
      .max(SUPPORT_LIMITS.email, tooLongMessage("Email", SUPPORT_LIMITS.email))
      .regex(EMAIL_PATTERN, MESSAGES.invalidEmail),
  ),
});
export type TReportRequest = z.infer<typeof ZReportRequest>;

/** The first validation message, which is what the API answers and the form shows. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? MESSAGES.allFieldsRequired;
}
