import { describe, expect, it } from "vitest";
import { extractLinks } from "../mail/mail-links.ts";
import { contactMail, reportMail } from "./support-mail.ts";

const base = { userId: null, clientIp: "unknown", mailStatus: "pending" as const, createdAt: 0 };

describe("support mails", () => {
  it("addresses a contact message to support, replying to the sender", () => {
    const mail = contactMail(
      {
        ...base,
        id: "c1",
        name: "Ada <admin>",
        email: "ada@example.com",
        subject: "Hello\r\nBcc: everyone@example.com",
        message: '<img src=x onerror="alert(1)">\nSecond line',
      },
      "support@backdrop.test",
    );
    expect(mail.to).toBe("support@backdrop.test");
    expect(mail.replyTo).toBe("ada@example.com");
    expect(mail.subject).toBe("[Contact] Hello Bcc: everyone@example.com");
    expect(mail.text).toContain('<img src=x onerror="alert(1)">\nSecond line');
    expect(mail.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(mail.html).toContain("Ada &lt;admin&gt;");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).not.toContain("<admin>");
  });

  it("titles a report with its type and the start of its description", () => {
    const description = `${"a".repeat(59)}bc and more`;
    const mail = reportMail(
      {
        ...base,
        id: "r1",
        issueType: "Security Issue",
        description,
        attachmentLink: 'https://imgur.com/a/x?y=1&z="2"',
        email: null,
      },
      "support@backdrop.test",
    );
    expect(mail.subject).toBe(`[Security Issue] ${"a".repeat(59)}b…`);
    expect(mail.replyTo).toBeUndefined();
    expect(mail.text).toContain("Reporter email: not given");
    expect(mail.html).toContain('href="https://imgur.com/a/x?y=1&amp;z=&quot;2&quot;"');
    expect(extractLinks(mail.text, mail.html)).toContain('https://imgur.com/a/x?y=1&z="2"');
  });

  it("keeps a short description whole in the subject", () => {
    const mail = reportMail(
      {
        ...base,
        id: "r2",
        issueType: "Bug Report",
        description: "Button broken",
        attachmentLink: null,
        email: "me@example.com",
      },
      "support@backdrop.test",
    );
    expect(mail.subject).toBe("[Bug Report] Button broken");
    expect(mail.replyTo).toBe("me@example.com");
    expect(mail.text).toContain("Attachment: none");
  });
});
