/** User-facing messages quoted word for word by SPEC.md, shared by server and web. */
export const MESSAGES = {
  allFieldsRequired: "All fields are required",
  invalidEmail: "Please enter a valid email address",
  contactFailed: "Failed to send message. Please try again later.",
  reportFailed: "Failed to send report. Please try again later.",
} as const;

/** Messages the spec leaves to us; worded once here so server and web agree. */
export const SUPPORT_MESSAGES = {
  contactSent: "Thanks! Your message has been sent. We usually reply within one business day.",
  reportSent: "Thanks! Your report has been sent to the team.",
  descriptionRequired: "Please describe the issue",
  invalidIssueType: "Please choose an issue type",
  invalidAttachmentLink: "Please enter a valid link starting with http:// or https://",
  tooManyRequests: "Too many requests. Please wait a few minutes and try again.",
} as const;

export function tooLongMessage(field: string, max: number): string {
  return `${field} must be at most ${max.toLocaleString("en-US")} characters`;
}
