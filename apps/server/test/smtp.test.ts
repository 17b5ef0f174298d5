import { MESSAGES } from "@backdrop/shared";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "./helpers/databases.ts";
import { createTestApp, postJson, SUPPORT_EMAIL } from "./helpers/test-app.ts";

type Received = { envelopeTo: string[]; raw: string };

/** Undoes quoted-printable: soft line breaks and =XX byte escapes (UTF-8). */
function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? ""));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? "";
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const line = unfolded
    .split(/\r?\n/)
    .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

const contact = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  subject: "Invoice for March",
  message: "Hello team, could you send me the invoice for March? Merci — Ada",
};

describeEachDatabase("SMTP delivery", (database) => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port = 0;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push({
            envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.server.address();
    if (address === null || typeof address === "string") throw new Error("no port");
    port = address.port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("sends a contact message to the support address over SMTP", async () => {
    const { app, container } = createTestApp(database.handle(), {
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Backdrop <no-reply@backdrop.test>" },
    });
    expect(container.mailer.transport).toBe("smtp");
    const res = await postJson(app, "/api/email/contact", contact);
    expect(res.status).toBe(200);

    expect(received).toHaveLength(1);
    const mail = received[0] as Received;
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
    const unreachable = await new Promise<number>((resolve) => {
      const probe = new SMTPServer({ disabledCommands: ["STARTTLS"], logger: false });
      probe.listen(0, "127.0.0.1", () => {
        const address = probe.server.address();
        probe.close(() => resolve(typeof address === "object" && address ? address.port : 1));
      });
    });
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
