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

  it("escapes hostile names, messages and links in the HTML, by the template", () => {
    const hostile = "<script>alert(1)</script> \"onmouseover=alert(2) 'x'";
    const escaped = "&lt;script&gt;alert(1)&lt;/script&gt; &quot;onmouseover=alert(2) &#39;x&#39;";
    const contact = contactMail(
      {
        ...base,
        id: "c2",
        name: hostile,
        email: "ada@example.com",
        subject: hostile,
        message: hostile,
      },
      "support@backdrop.test",
    );
    expect(contact.html).toContain(`<strong>From:</strong> ${escaped} &lt;ada@example.com&gt;</p>`);
    expect(contact.html).toContain(`<strong>Subject:</strong> ${escaped}</p>`);
    expect(contact.html).toContain(`border-left:3px solid #d1d5db">${escaped}</div>`);
    const report = reportMail(
      {
        ...base,
        id: "r3",
        issueType: "Bug Report",
        description: hostile,
        attachmentLink: 'https://imgur.com/a/x?y=1&z=2"onmouseover="alert(1)',
        email: null,
      },
      "support@backdrop.test",
    );
    expect(report.html).toContain(`border-left:3px solid #d1d5db">${escaped}</div>`);
    expect(report.html).toContain(
      '<a href="https://imgur.com/a/x?y=1&amp;z=2&quot;onmouseover=&quot;alert(1)">',
    );
    for (const html of [contact.html, report.html]) {
      expect(html).not.toContain("<script");
      expect(html).not.toContain('"onmouseover');
    }
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
