import { describe, expect, it } from "vitest";
import { MESSAGES, SUPPORT_MESSAGES } from "./messages.ts";
import {
  DEFAULT_ISSUE_TYPE,
  firstIssueMessage,
  ZContactRequest,
  ZReportRequest,
} from "./support.schema.ts";

const contact = { name: "Ada", email: "ada@example.com", subject: "Hello", message: "Hi there" };

function contactError(input: unknown) {
  const result = ZContactRequest.safeParse(input);
  return result.success ? null : firstIssueMessage(result.error);
}

function reportError(input: unknown) {
  const result = ZReportRequest.safeParse(input);
  return result.success ? null : firstIssueMessage(result.error);
}

describe("contact request", () => {
  it("accepts a complete message and trims it", () => {
    const parsed = ZContactRequest.parse({ ...contact, name: "  Ada  " });
    expect(parsed.name).toBe("Ada");
  });

  it.each(["name", "email", "subject", "message"])("requires %s", (field) => {
    expect(contactError({ ...contact, [field]: "   " })).toBe(MESSAGES.allFieldsRequired);
    expect(contactError({ ...contact, [field]: undefined })).toBe(MESSAGES.allFieldsRequired);
  });

  it.each(["ada", "ada@", "ada@example", "a da@example.com", "@example.com"])(
    "rejects the email %s",
    (email) => {
      expect(contactError({ ...contact, email })).toBe(MESSAGES.invalidEmail);
    },
  );

  it("limits the message length", () => {
    expect(contactError({ ...contact, message: "x".repeat(5001) })).toBe(
      "Message must be at most 5,000 characters",
    );
  });
});

describe("report request", () => {
  const report = { issueType: DEFAULT_ISSUE_TYPE, description: "The button does nothing" };

  it("accepts a report without email or link", () => {
    expect(ZReportRequest.parse({ ...report, email: "", attachmentLink: "" })).toEqual(report);
  });

  it("requires a description", () => {
    expect(reportError({ ...report, description: " " })).toBe(SUPPORT_MESSAGES.descriptionRequired);
  });

  it("accepts only the four issue types", () => {
    for (const issueType of ["Bug Report", "Feature Request", "Security Issue", "Other"]) {
      expect(reportError({ ...report, issueType })).toBeNull();
    }
    expect(reportError({ ...report, issueType: "Complaint" })).toBe(
      SUPPORT_MESSAGES.invalidIssueType,
    );
  });

  it("checks an email when one is given", () => {
    expect(reportError({ ...report, email: "not-an-email" })).toBe(MESSAGES.invalidEmail);
    expect(reportError({ ...report, email: "me@example.com" })).toBeNull();
  });

  it("accepts only http and https links", () => {
    expect(reportError({ ...report, attachmentLink: "javascript:alert(1)" })).toBe(
      SUPPORT_MESSAGES.invalidAttachmentLink,
    );
    expect(reportError({ ...report, attachmentLink: "https://imgur.com/a/xyz" })).toBeNull();
  });
});
