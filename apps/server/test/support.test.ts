import { MESSAGES, SUPPORT_MESSAGES } from "@backdrop/shared";
import { describe, expect, it } from "vitest";
import type { Mailer } from "../src/mail/mailer.ts";
import { describeEachDatabase } from "./helpers/databases.ts";
import { APP_URL, createTestApp, postJson, SUPPORT_EMAIL } from "./helpers/test-app.ts";

const contact = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  subject: "Question about plans",
  message: "Can I switch from pro to elite mid-month?\nThanks, Ada",
};
const report = {
  issueType: "Feature Request",
  description: "Please add a transparent background option to the generator, for product shots",
  attachmentLink: "https://imgur.com/a/xyz",
  email: "grace@example.com",
};

const failingMailer: Mailer = {
  transport: "outbox",
  send: async () => {
    throw new Error("connection refused by mail relay");
  },
};

describeEachDatabase("support API", (database) => {
  const setup = (options?: Parameters<typeof createTestApp>[1]) =>
    createTestApp(database.handle(), options);

  async function stored(container: ReturnType<typeof setup>["container"]) {
    return {
      contacts: await container.repositories.support.listContactMessages(),
      reports: await container.repositories.support.listIssueReports(),
      mails: await container.repositories.mailOutbox.list(),
    };
  }

  describe("POST /api/email/contact", () => {
    it("stores the message and mails it to support", async () => {
      const { app, container } = setup();
      const res = await postJson(app, "/api/email/contact", {
        ...contact,
        name: "  Ada Lovelace ",
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true, message: SUPPORT_MESSAGES.contactSent });

      const { contacts, mails } = await stored(container);
      expect(contacts).toEqual([
        expect.objectContaining({
          ...contact,
          userId: null,
          clientIp: "unknown",
          mailStatus: "sent",
        }),
      ]);
      expect(typeof contacts[0]?.createdAt).toBe("number");
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({
        to: SUPPORT_EMAIL,
        subject: `[Contact] ${contact.subject}`,
      });
      expect(mails[0]?.text).toContain(contact.message);
      expect(mails[0]?.text).toContain("Ada Lovelace <ada@example.com>");
      expect(mails[0]?.html).toContain("Can I switch from pro to elite mid-month?");
    });

    it.each([
      ["a missing name", { ...contact, name: undefined }, MESSAGES.allFieldsRequired],
      ["a blank message", { ...contact, message: "   " }, MESSAGES.allFieldsRequired],
      ["a bad email", { ...contact, email: "ada@example" }, MESSAGES.invalidEmail],
      [
        "an over-long message",
        { ...contact, message: "x".repeat(5001) },
        "Message must be at most 5,000 characters",
      ],
      [
        "an over-long subject",
        { ...contact, subject: "s".repeat(201) },
        "Subject must be at most 200 characters",
      ],
      ["a body that is not JSON", "name=Ada&email=ada@example.com", MESSAGES.allFieldsRequired],
      ["a JSON array", [contact], MESSAGES.allFieldsRequired],
    ])("rejects %s and stores nothing", async (_case, body, message) => {
      const { app, container } = setup();
      const res = await postJson(app, "/api/email/contact", body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: message });
      expect(await stored(container)).toEqual({ contacts: [], reports: [], mails: [] });
    });

    it("answers 502 with the spec's message when mail fails, keeping the message", async () => {
      const { app, container, logger } = setup({ mailer: failingMailer });
      const res = await postJson(app, "/api/email/contact", contact);
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({ error: MESSAGES.contactFailed });
      const { contacts } = await stored(container);
      expect(contacts).toEqual([expect.objectContaining({ ...contact, mailStatus: "failed" })]);
      expect(logger.error).toHaveBeenCalled();
    });

    it("refuses bodies over 64 KB", async () => {
      const { app, container } = setup();
      const res = await postJson(app, "/api/email/contact", {
        ...contact,
        message: "x".repeat(70_000),
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ error: "Request body is too large (at most 64 KB)" });
      expect((await stored(container)).contacts).toEqual([]);
    });
  });

  describe("POST /api/email/report", () => {
    it("stores the report and mails it to support", async () => {
      const { app, container } = setup();
      const res = await postJson(app, "/api/email/report", report);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true, message: SUPPORT_MESSAGES.reportSent });

      const { reports, mails } = await stored(container);
      expect(reports).toEqual([
        expect.objectContaining({ ...report, userId: null, mailStatus: "sent" }),
      ]);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({
        to: SUPPORT_EMAIL,
        subject: `[Feature Request] ${report.description.slice(0, 60)}…`,
      });
      expect(mails[0]?.text).toContain(report.description);
      expect(mails[0]?.text).toContain("Reporter email: grace@example.com");
      expect(mails[0]?.html).toContain('href="https://imgur.com/a/xyz"');
    });

    it("accepts a report without email or link", async () => {
      const { app, container } = setup();
      const res = await postJson(app, "/api/email/report", {
        issueType: "Bug Report",
        description: "Upscale button does nothing",
        attachmentLink: "",
        email: "",
      });
      expect(res.status).toBe(200);
      const { reports, mails } = await stored(container);
      expect(reports).toEqual([
        expect.objectContaining({
          issueType: "Bug Report",
          email: null,
          attachmentLink: null,
          mailStatus: "sent",
        }),
      ]);
      expect(mails[0]?.subject).toBe("[Bug Report] Upscale button does nothing");
    });

    it.each([
      [
        "an unknown issue type",
        { ...report, issueType: "Complaint" },
        SUPPORT_MESSAGES.invalidIssueType,
      ],
      [
        "a missing description",
        { ...report, description: "" },
        SUPPORT_MESSAGES.descriptionRequired,
      ],
      [
        "a bad link",
        { ...report, attachmentLink: "javascript:alert(1)" },
        SUPPORT_MESSAGES.invalidAttachmentLink,
      ],
      ["a bad email", { ...report, email: "grace" }, MESSAGES.invalidEmail],
      [
        "an over-long description",
        { ...report, description: "d".repeat(5001) },
        "Description must be at most 5,000 characters",
      ],
      ["a body that is not JSON", "{not json", SUPPORT_MESSAGES.invalidIssueType],
    ])("rejects %s and stores nothing", async (_case, body, message) => {
      const { app, container } = setup();
      const res = await postJson(app, "/api/email/report", body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: message });
      expect(await stored(container)).toEqual({ contacts: [], reports: [], mails: [] });
    });

    it("answers 502 with the spec's message when mail fails, keeping the report", async () => {
      const { app, container } = setup({ mailer: failingMailer });
      const res = await postJson(app, "/api/email/report", report);
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({ error: MESSAGES.reportFailed });
      const { reports } = await stored(container);
      expect(reports).toEqual([expect.objectContaining({ ...report, mailStatus: "failed" })]);
    });
  });

  describe("rate limiting", () => {
    const behindProxy = { env: { TRUST_PROXY: "1", SUPPORT_RATE_LIMIT: "2/600" } };
    // What our proxy sends on: whatever the client claimed, then the address it saw.
    const from = (ip: string) => ({ "x-forwarded-for": `10.0.0.1, ${ip}` });
    type App = ReturnType<typeof setup>["app"];
    const sendContact = async (app: App, ip: string) =>
      (await postJson(app, "/api/email/contact", contact, from(ip))).status;
    const sendReport = async (app: App, ip: string) =>
      (await postJson(app, "/api/email/report", report, from(ip))).status;

    it("answers 429 past the limit for the same client, not for another", async () => {
      const { app, container } = setup(behindProxy);
      expect(await sendContact(app, "203.0.113.7")).toBe(200);
      expect(await sendContact(app, "203.0.113.7")).toBe(200);

      const refused = await postJson(app, "/api/email/contact", contact, from("203.0.113.7"));
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ error: SUPPORT_MESSAGES.tooManyRequests });
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);

      expect(await sendContact(app, "198.51.100.2")).toBe(200);
      // The report endpoint has its own bucket.
      expect(await sendReport(app, "203.0.113.7")).toBe(200);

      const { contacts } = await stored(container);
      expect(contacts.map((row) => row.clientIp).sort()).toEqual([
        "198.51.100.2",
        "203.0.113.7",
        "203.0.113.7",
      ]);
    });

    it("ignores X-Forwarded-For unless TRUST_PROXY=1", async () => {
      const { app } = setup({ env: { SUPPORT_RATE_LIMIT: "1/600" } });
      expect(await sendReport(app, "203.0.113.7")).toBe(200);
      expect(await sendReport(app, "198.51.100.2")).toBe(429);
    });
  });

  describe("origin check", () => {
    it("refuses a state-changing request from a foreign origin", async () => {
      const { app, container } = setup();
      const res = await postJson(app, "/api/email/contact", contact, {
        origin: "https://evil.example",
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: "Forbidden origin" });
      expect((await stored(container)).contacts).toEqual([]);
    });

    it("accepts the app's own origin and configured trusted origins", async () => {
      const { app } = setup({ env: { TRUSTED_ORIGINS: "https://admin.backdrop.test" } });
      const own = { origin: APP_URL };
      expect((await postJson(app, "/api/email/contact", contact, own)).status).toBe(200);
      const trusted = { origin: "https://admin.backdrop.test" };
      expect((await postJson(app, "/api/email/contact", contact, trusted)).status).toBe(200);
    });

    it("trusts the Vite dev server only in development", async () => {
      const vite = { origin: "http://localhost:5173" };
      const dev = setup({ env: { NODE_ENV: "development" } });
      expect((await postJson(dev.app, "/api/email/contact", contact, vite)).status).toBe(200);
      const test = setup();
      expect((await postJson(test.app, "/api/email/contact", contact, vite)).status).toBe(403);
    });
  });
});
