import { ZMailboxEntry } from "@backdrop/shared";
import type { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { isLoopbackAddress } from "../src/routes/dev-mailbox.routes.ts";
import { describeEachDatabase } from "./helpers/databases.ts";
import { getWithHost, type Listening, listen } from "./helpers/listening.ts";
import {
  createTestApp,
  postJson,
  SUPPORT_EMAIL,
  steppingClock,
  type TestAppOptions,
} from "./helpers/test-app.ts";

const NOT_FOUND = { error: "Not found" };
const PROXY_HEADERS: [string, string][] = [
  ["x-forwarded-for", "203.0.113.7"],
  ["forwarded", "for=203.0.113.7;proto=https"],
  ["x-real-ip", "203.0.113.7"],
];

/** A request that reached the app from another machine, as @hono/node-server hands it over. */
const fromSocket = (remoteAddress: string) => ({
  incoming: { socket: { remoteAddress, remotePort: 40000, remoteFamily: "IPv4" } },
});

describe("isLoopbackAddress", () => {
  it.each([
    ["127.0.0.1", true],
    ["127.255.3.4", true],
    ["::1", true],
    ["::ffff:127.0.0.1", true],
    ["128.0.0.1", false],
    ["10.0.0.1", false],
    ["::ffff:10.0.0.1", false],
    ["2001:db8::1", false],
    ["unknown", false],
    ["", false],
  ])("%j is loopback: %s", (address, loopback) => {
    expect(isLoopbackAddress(address)).toBe(loopback);
  });
});

describeEachDatabase("GET /api/dev/mailbox", (database) => {
  const servers: Listening[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
  });

  /** The app served on a real socket (127.0.0.1 unless `hostname` says otherwise). */
  async function served(options: TestAppOptions = {}, hostname?: string) {
    const test = createTestApp(database.handle(), { clock: steppingClock(), ...options });
    const server = await listen(test.app as unknown as Hono, hostname);
    servers.push(server);
    const get = (headers: Record<string, string> = {}) =>
      fetch(`${server.url}/api/dev/mailbox`, { headers });
    return { ...test, server, get };
  }

  it("lists the stored mails newest first, with their links, to this machine", async () => {
    const { app, get } = await served();
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

    const res = await get();
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

  it("answers loopback over IPv6 and IPv4-mapped addresses", async () => {
    const { server } = await served({}, "::");
    expect((await fetch(`http://[::1]:${server.port}/api/dev/mailbox`)).status).toBe(200);
    // A dual-stack socket shows an IPv4 peer as ::ffff:127.0.0.1.
    expect((await fetch(`http://127.0.0.1:${server.port}/api/dev/mailbox`)).status).toBe(200);
  });

  it.each(PROXY_HEADERS)(
    "refuses a loopback request carrying %s (it came through a proxy)",
    async (name, value) => {
      const { get } = await served();
      const res = await get({ [name]: value });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(NOT_FOUND);
    },
  );

  it("refuses a loopback request naming another host (DNS rebinding)", async () => {
    const { server } = await served();
    const url = `${server.url}/api/dev/mailbox`;
    const rebound = await getWithHost(url, `attacker.example:${server.port}`);
    expect(rebound.status).toBe(404);
    expect(JSON.parse(rebound.body)).toEqual(NOT_FOUND);
    expect((await getWithHost(url, `localhost:${server.port}`)).status).toBe(200);
    // APP_URL's own host name is this server's too.
    expect((await getWithHost(url, "app.backdrop.test")).status).toBe(200);
  });

  it("refuses requests from another machine and requests without a socket", async () => {
    const { app } = createTestApp(database.handle());
    const remote = await app.request("/api/dev/mailbox", {}, fromSocket("192.0.2.10"));
    expect(remote.status).toBe(404);
    expect(await remote.json()).toEqual(NOT_FOUND);
    expect((await app.request("/api/dev/mailbox")).status).toBe(404);
  });

  it("with DEV_MAILBOX=open, answers proxied and remote requests too", async () => {
    const { app, get } = await served({ env: { DEV_MAILBOX: "open" } });
    expect((await get({ "x-forwarded-for": "203.0.113.7" })).status).toBe(200);
    expect((await get({ forwarded: "for=203.0.113.7" })).status).toBe(200);
    const remote = await app.request("/api/dev/mailbox", {}, fromSocket("192.0.2.10"));
    expect(remote.status).toBe(200);
  });

  it("warns once at start-up who can read it", async () => {
    const loopback = createTestApp(database.handle());
    expect(loopback.logger.warn).toHaveBeenCalledTimes(1);
    expect(loopback.logger.warn.mock.calls[0]?.[0]).toMatch(
      /^Dev mailbox: .* shown at \/dev\/mailbox to requests from this machine only \(loopback, not through a proxy\)/,
    );
    const open = createTestApp(database.handle(), { env: { DEV_MAILBOX: "open" } });
    expect(open.logger.warn.mock.calls[0]?.[0]).toMatch(
      /^Dev mailbox open \(DEV_MAILBOX=open\): anyone who can reach this server can read every e-mail/,
    );
    const smtp = createTestApp(database.handle(), { env: { SMTP_URL: "smtp://127.0.0.1:2525" } });
    expect(smtp.logger.warn).not.toHaveBeenCalled();
  });

  it("does not exist when mail goes out over SMTP, even to this machine", async () => {
    const { get } = await served({ env: { SMTP_URL: "smtp://127.0.0.1:2525" } });
    const res = await get();
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(NOT_FOUND);
  });

  it("does not exist in production, even with the outbox allowed and DEV_MAILBOX=open", async () => {
    const { get } = await served({
      env: { NODE_ENV: "production", ALLOW_SANDBOX: "1", DEV_MAILBOX: "open" },
    });
    const res = await get();
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(NOT_FOUND);
  });
});
