import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "./helpers/databases.ts";
import { PASSWORD, SAME_ORIGIN } from "./helpers/identity.ts";
import { createTestApp, postJson } from "./helpers/test-app.ts";

const TOO_MANY = { message: "Too many requests. Please try again later." };

const endpoints: [string, () => Record<string, unknown>][] = [
  ["/sign-in/email", () => ({ email: "ada@example.com", password: "Wr0ng!pass" })],
  [
    "/sign-up/email",
    () => ({ name: "Ada", email: `ada-${randomUUID()}@example.com`, password: PASSWORD }),
  ],
  ["/send-verification-email", () => ({ email: "ada@example.com" })],
  ["/request-password-reset", () => ({ email: "ada@example.com", redirectTo: "/reset-password" })],
];

describeEachDatabase("identity rate limits", (database) => {
  type App = ReturnType<typeof createTestApp>["app"];
  const call = (app: App, path: string, body: Record<string, unknown>, headers = {}) =>
    postJson(app, `/api/identity${path}`, body, { ...SAME_ORIGIN, ...headers });
  const from = (ip: string) => ({ "x-forwarded-for": ip });

  describe.each(endpoints)("POST %s", (path, body) => {
    it("answers 429 past AUTH_RATE_LIMIT for one client, not for another", async () => {
      const { app } = createTestApp(database.handle(), {
        env: { TRUST_PROXY: "1", AUTH_RATE_LIMIT: "2/60" },
      });
      for (let i = 0; i < 2; i++) {
        expect((await call(app, path, body(), from("203.0.113.7"))).status).not.toBe(429);
      }
      const refused = await call(app, path, body(), from("203.0.113.7"));
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual(TOO_MANY);
      const retryAfter = Number(refused.headers.get("x-retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);

      expect((await call(app, path, body(), from("198.51.100.2"))).status).not.toBe(429);
    });
  });

  it("limits sign-in to 10 a minute per client by default", async () => {
    const { app } = createTestApp(database.handle());
    const [path, body] = endpoints[0] ?? ["", () => ({})];
    for (let i = 0; i < 10; i++) expect((await call(app, path, body())).status).toBe(401);
    expect((await call(app, path, body())).status).toBe(429);
  });

  it("ignores client-sent address headers unless TRUST_PROXY=1", async () => {
    const { app } = createTestApp(database.handle(), { env: { AUTH_RATE_LIMIT: "2/60" } });
    const [path, body] = endpoints[0] ?? ["", () => ({})];
    const spoofed = (n: number) => ({
      "x-forwarded-for": `192.0.2.${n}`,
      "x-backdrop-client-ip": `192.0.2.${n}`,
    });
    expect((await call(app, path, body(), spoofed(1))).status).toBe(401);
    expect((await call(app, path, body(), spoofed(2))).status).toBe(401);
    expect((await call(app, path, body(), spoofed(3))).status).toBe(429);
  });
});
