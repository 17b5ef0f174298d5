import { describe, expect, it } from "vitest";
import { extractLinks } from "../mail/mail-links.ts";
import { resetPasswordMail, verificationMail } from "./identity-mails.ts";

const url = "http://app.test/api/identity/verify-email?token=a.b.c&callbackURL=%2Flogin";

describe("identity mails", () => {
  it("asks to verify the address with one link, in text and HTML", () => {
    const mail = verificationMail({ to: "ada@example.com", name: "Ada", url });
    expect(mail.to).toBe("ada@example.com");
    expect(mail.subject).toBe("Verify your email for Backdrop");
    expect(mail.text).toContain("Hi Ada,");
    expect(mail.text).toContain(`\n${url}\n`);
    expect(mail.html).toContain('href="http://app.test/api/identity/verify-email?token=a.b.c&amp;');
    expect(extractLinks(mail.text, mail.html)).toEqual([url]);
  });

  it("offers a password reset link", () => {
    const link = "http://app.test/api/identity/reset-password/tok?callbackURL=%2Freset-password";
    const mail = resetPasswordMail({ to: "ada@example.com", name: "", url: link });
    expect(mail.subject).toBe("Reset your Backdrop password");
    expect(mail.text.startsWith("Hi,\n")).toBe(true);
    expect(extractLinks(mail.text, mail.html)).toEqual([link]);
  });

  it("escapes a hostile name and the link's & in the HTML", () => {
    const name = '<script>alert(1)</script> "onmouseover=alert(2)';
    const link =
      "http://app.test/api/identity/reset-password/tok?a=1&callbackURL=%2Freset-password";
    for (const compose of [verificationMail, resetPasswordMail]) {
      const mail = compose({ to: "x@example.com", name, url: link });
      expect(mail.html).toContain(
        "<p>Hi &lt;script&gt;alert(1)&lt;/script&gt; &quot;onmouseover=alert(2),</p>",
      );
      expect(mail.html).not.toContain("<script");
      expect(mail.html).not.toContain('"onmouseover');
      expect(mail.html).toContain(
        '<a href="http://app.test/api/identity/reset-password/tok?a=1&amp;callbackURL=%2Freset-password" style=',
      );
      expect(mail.html).toContain("<br>http://app.test/api/identity/reset-password/tok?a=1&amp;");
      expect(mail.html).not.toMatch(/&(?!amp;|lt;|gt;|quot;|#39;)/);
      // The text part stays as typed.
      expect(mail.text).toContain(`Hi ${name},`);
      expect(extractLinks(mail.text, mail.html)).toEqual([link]);
    }
  });

  it("escapes the name in HTML", () => {
    const mail = verificationMail({ to: "x@example.com", name: '<img src=x onerror="1">', url });
    expect(mail.html).toContain("Hi &lt;img src=x onerror=&quot;1&quot;&gt;,");
    expect(mail.html).not.toContain("<img");
  });
});
