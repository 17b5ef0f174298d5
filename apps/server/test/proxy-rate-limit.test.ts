import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "./helpers/databases.ts";
import { SAME_ORIGIN } from "./helpers/identity.ts";
import { createTestApp, postJson } from "./helpers/test-app.ts";

/**
 * Behind a proxy that appends the address it saw to whatever X-Forwarded-For the client sent
 * (nginx's $proxy_add_x_forwarded_for), a client that sends a new address with every request
 * must still be counted as one client (finding F4).
 */
const spoofed = (i: number) => ({ "x-forwarded-for": `198.51.100.${i}, 203.0.113.7` });

const contact = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  subject: "Question about plans",
  message: "Can I switch from pro to elite mid-month?",
};

describeEachDatabase("rate limits behind a proxy (TRUST_PROXY=1)", (database) => {
  const behindProxy = (env: Record<string, string> = {}) =>
    createTestApp(database.handle(), { env: { TRUST_PROXY: "1", ...env } });

  describe("POST /api/identity/sign-in/email", () => {
    it("answers 429 by the 11th guess although the client varies its X-Forwarded-For", async () => {
      const { app } = behindProxy();
      const statuses: number[] = [];
      for (let i = 1; i <= 15; i++) {
        const res = await postJson(
          app,
          "/api/identity/sign-in/email",
          { email: "victim@example.com", password: "Wr0ng!pass" },
          { ...SAME_ORIGIN, ...spoofed(i) },
        );
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses.slice(10)).toEqual(Array(5).fill(429));
    });

    it("still tells clients apart by the address the proxy appended", async () => {
      const { app } = behindProxy({ AUTH_RATE_LIMIT: "1/60" });
      const signIn = (forwardedFor: string) =>
        postJson(
          app,
          "/api/identity/sign-in/email",
          { email: "victim@example.com", password: "Wr0ng!pass" },
          { ...SAME_ORIGIN, "x-forwarded-for": forwardedFor },
        );
      expect((await signIn("198.51.100.1, 203.0.113.7")).status).toBe(401);
      expect((await signIn("198.51.100.1, 203.0.113.7")).status).toBe(429);
      expect((await signIn("203.0.113.7, 203.0.113.8")).status).toBe(401);
    });
  });

  describe("POST /api/email/contact", () => {
    it("answers 429 past SUPPORT_RATE_LIMIT (5) although the client varies its X-Forwarded-For", async () => {
      const { app, container } = behindProxy();
      const statuses: number[] = [];
      for (let i = 1; i <= 8; i++) {
        statuses.push((await postJson(app, "/api/email/contact", contact, spoofed(i))).status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      const stored = await container.repositories.support.listContactMessages();
      expect(stored.map((row) => row.clientIp)).toEqual(Array(5).fill("203.0.113.7"));
    });
  });
});
