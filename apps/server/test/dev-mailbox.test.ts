import { ZMailboxEntry } from "@backdrop/shared";
import { expect, it } from "vitest";
import { describeEachDatabase } from "./helpers/databases.ts";
import { createTestApp, postJson, SUPPORT_EMAIL, steppingClock } from "./helpers/test-app.ts";

describeEachDatabase("GET /api/dev/mailbox", (database) => {
  it("lists the stored mails newest first, with their links", async () => {
    const { app } = createTestApp(database.handle(), { clock: steppingClock() });
    await postJson(app, "/api/email/contact", {
      name: "Ada",
      email: "ada@example.com",
      subject: "Docs",
      message: "The page https://docs.example.com/guide. is wrong",
    });
    await postJson(app, "/api/email/report", {
      issueType: "Bug Report",
      description: "Broken upload",
      attachmentLink: "https://imgur.com/a/abc?x=1&y=2",
    });

    const res = await app.request("/api/dev/mailbox");
    expect(res.status).toBe(200);
    const entries = ZMailboxEntry.array().parse(await res.json());
    expect(entries.map((entry) => entry.subject)).toEqual([
      "[Bug Report] Broken upload",
      "[Contact] Docs",
    ]);
    expect(entries.every((entry) => entry.to === SUPPORT_EMAIL)).toBe(true);
    expect(entries[0]?.links).toEqual(["https://imgur.com/a/abc?x=1&y=2"]);
    expect(entries[1]?.links).toEqual(["https://docs.example.com/guide"]);
    expect(entries[0]?.html).toContain("Broken upload");
    expect(entries[0]?.createdAt).toBeGreaterThan(
      entries[1]?.createdAt ?? Number.POSITIVE_INFINITY,
    );
  });

  it("does not exist when mail goes out over SMTP", async () => {
    const { app } = createTestApp(database.handle(), {
      env: { SMTP_URL: "smtp://127.0.0.1:2525" },
    });
    const res = await app.request("/api/dev/mailbox");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Not found" });
  });

  it("does not exist in production, even with the outbox allowed", async () => {
    const { app } = createTestApp(database.handle(), {
      env: { NODE_ENV: "production", ALLOW_SANDBOX: "1" },
    });
    const res = await app.request("/api/dev/mailbox");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Not found" });
  });
});
