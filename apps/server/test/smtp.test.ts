import { MESSAGES } from "@backdrop/shared";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "./helpers/databases.ts";
import {
  decodeQuotedPrintable,
  header,
  type ReceivedMail,
  type SmtpReceiver,
  startSmtpReceiver,
  unusedSmtpPort,
} from "./helpers/smtp-receiver.ts";
import { createTestApp, postJson, SUPPORT_EMAIL } from "./helpers/test-app.ts";

const contact = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  subject: "Invoice for March",
  message: "Hello team, could you send me the invoice for March? Merci — Ada",
};

describeEachDatabase("SMTP delivery", (database) => {
  let smtp: SmtpReceiver;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
  });
  afterAll(() => smtp.close());

  it("sends a contact message to the support address over SMTP", async () => {
    const { app, container } = createTestApp(database.handle(), {
      env: { SMTP_URL: smtp.url, MAIL_FROM: "Backdrop <no-reply@backdrop.test>" },
    });
    expect(container.mailer.transport).toBe("smtp");
    const res = await postJson(app, "/api/email/contact", contact);
    expect(res.status).toBe(200);

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0] as ReceivedMail;
    expect(mail.envelopeTo).toEqual([SUPPORT_EMAIL]);
    expect(header(mail.raw, "To")).toBe(SUPPORT_EMAIL);
    expect(header(mail.raw, "From")).toBe("Backdrop <no-reply@backdrop.test>");
    expect(header(mail.raw, "Reply-To")).toBe("ada@example.com");
    expect(header(mail.raw, "Subject")).toBe("[Contact] Invoice for March");
    const body = decodeQuotedPrintable(mail.raw);
    expect(body).toContain(contact.message);
    expect(body).toContain("From: Ada Lovelace <ada@example.com>");

    const [row] = await container.repositories.support.listContactMessages();
    expect(row?.mailStatus).toBe("sent");
    expect(await container.repositories.mailOutbox.list()).toEqual([]);
  });

  it("answers 502 and keeps the message when the SMTP server is unreachable", async () => {
    const unreachable = await unusedSmtpPort();
    const { app, container } = createTestApp(database.handle(), {
      env: { SMTP_URL: `smtp://127.0.0.1:${unreachable}` },
    });
    const res = await postJson(app, "/api/email/contact", contact);
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: MESSAGES.contactFailed });
    const [row] = await container.repositories.support.listContactMessages();
    expect(row).toMatchObject({ subject: contact.subject, mailStatus: "failed" });
  });
});
