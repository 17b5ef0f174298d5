import { request as httpRequest } from "node:http";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bodyTooLargeMessage, JSON_BODY_LIMIT } from "../src/routes/body-limit.middleware.ts";
import { describeEachDatabase, migratedSqlite } from "./helpers/databases.ts";
import {
  asCookie,
  PASSWORD,
  SAME_ORIGIN,
  type SignedIn,
  verifiedUser,
} from "./helpers/identity.ts";
import { listen } from "./helpers/listening.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const MiB = 1024 * 1024;
const CHUNK = 64 * 1024;
const TOO_LARGE = bodyTooLargeMessage(JSON_BODY_LIMIT);
/** better-auth's clients read `message`; the rest of the API's read `error`. */
const IDENTITY_TOO_LARGE = { error: TOO_LARGE, code: "REQUEST_BODY_TOO_LARGE", message: TOO_LARGE };

/**
 * A JSON body of `total` bytes, made only as the server reads it (nothing ahead), counting how
 * much was read: a sign-up whose display name goes on for `total` bytes.
 */
function endlessSignUp(total: number) {
  const head = new TextEncoder().encode(
    `{"email":"big@example.com","password":"${PASSWORD}","name":"`,
  );
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent >= total) {
          controller.close();
          return;
        }
        const chunk = sent === 0 ? head : new Uint8Array(Math.min(CHUNK, total - sent)).fill(0x78);
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, read: () => sent };
}

function postStream(
  t: TestApp,
  path: string,
  body: ReadableStream<Uint8Array>,
  headers: Record<string, string> = {},
) {
  return t.app.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", ...SAME_ORIGIN, ...headers },
    body,
    duplex: "half",
  } as RequestInit);
}

/** A JSON body just over 64 KB: a field of `field` holding `bytes` of text. */
function oversized(fields: Record<string, unknown>, field: string): string {
  return JSON.stringify({ ...fields, [field]: "x".repeat(JSON_BODY_LIMIT + 1) });
}

function postText(t: TestApp, path: string, body: string, headers: Record<string, string> = {}) {
  return t.app.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", ...SAME_ORIGIN, ...headers },
    body,
  });
}

/** Issue 26, point 1: every body is bounded, better-auth's endpoints and the archive included. */
describeEachDatabase("request bodies", (database) => {
  let t: TestApp;
  beforeEach(() => {
    t = createTestApp(database.handle());
  });
  afterEach(async () => {
    await t.container.close();
  });

  const users = () => t.container.repositories.identity;

  describe("sign-up", () => {
    it("refuses a 200 MiB body sent without a length after reading 64 KB of it", async () => {
      const body = endlessSignUp(200 * MiB);
      const res = await postStream(t, "/api/identity/sign-up/email", body.stream);
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual(IDENTITY_TOO_LARGE);
      // What the server held: the limit and the one chunk that passed it, never the rest.
      expect(body.read()).toBeLessThanOrEqual(JSON_BODY_LIMIT + CHUNK);
      expect(await users().findUserIdByEmail("big@example.com")).toBeUndefined();
    });

    it("refuses a declared length over the limit before reading any of it", async () => {
      const body = endlessSignUp(200 * MiB);
      const res = await postStream(t, "/api/identity/sign-up/email", body.stream, {
        "content-length": String(200 * MiB),
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual(IDENTITY_TOO_LARGE);
      expect(body.read()).toBe(0);
    });

    it("counts a body that claims to be small", async () => {
      const body = endlessSignUp(200 * MiB);
      const res = await postStream(t, "/api/identity/sign-up/email", body.stream, {
        "content-length": "100",
      });
      expect(res.status).toBe(413);
      expect(body.read()).toBeLessThanOrEqual(JSON_BODY_LIMIT + CHUNK);
      expect(await users().findUserIdByEmail("big@example.com")).toBeUndefined();
    });

    it("refuses a 20 MiB image field", async () => {
      const body = JSON.stringify({
        email: "pic@example.com",
        password: PASSWORD,
        name: "Pic",
        image: `https://example.com/${"x".repeat(20 * MiB)}`,
      });
      const res = await postText(t, "/api/identity/sign-up/email", body);
      expect(res.status).toBe(413);
      expect(await users().findUserIdByEmail("pic@example.com")).toBeUndefined();
    });
  });

  it.each([
    ["sign-in", "/api/identity/sign-in/email", "password"],
    ["reset-password", "/api/identity/reset-password", "newPassword"],
    ["request-password-reset", "/api/identity/request-password-reset", "redirectTo"],
  ])("refuses a body over 64 KB on %s", async (_name, path, field) => {
    const res = await postText(t, path, oversized({ email: "ada@example.com" }, field));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(IDENTITY_TOO_LARGE);
  });

  describe("signed in", () => {
    let ada: SignedIn;
    beforeEach(async () => {
      ada = await verifiedUser(t, "ada@example.com", "Ada");
    });

    it("refuses an update-user body over 64 KB, and the name stays", async () => {
      const res = await postText(
        t,
        "/api/identity/update-user",
        oversized({}, "name"),
        asCookie(ada),
      );
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual(IDENTITY_TOO_LARGE);
      const session = await t.app.request("/api/identity/get-session", { headers: asCookie(ada) });
      expect(((await session.json()) as { user: { name: string } }).user.name).toBe("Ada");
    });

    it("refuses an archive request over 64 KB, as it does before signing in", async () => {
      const ids = Array.from(
        { length: 8_000 },
        (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      );
      const body = JSON.stringify({ ids });
      expect(body.length).toBeGreaterThan(JSON_BODY_LIMIT);
      for (const headers of [asCookie(ada), {}]) {
        const res = await postText(t, "/api/images/archive", body, headers);
        expect(res.status).toBe(413);
        expect(await res.json()).toEqual({ error: TOO_LARGE });
      }
    });
  });

  it("gives Stripe's webhook room past 64 KB, up to 1 MB", async () => {
    const event = (bytes: number) => JSON.stringify({ type: "x", padding: "x".repeat(bytes) });
    // No Stripe in tests: the route answers 404 once the body was let through.
    expect((await postText(t, "/api/payment/webhook", event(200 * 1024))).status).toBe(404);
    const refused = await postText(t, "/api/payment/webhook", event(MiB));
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual({ error: bodyTooLargeMessage(MiB) });
  });
});

describe("request bodies on a real socket", () => {
  /**
   * A chunked POST of `total` bytes written as fast as the server takes them, until the answer
   * comes; how much had been written by then.
   */
  function sendUntilAnswered(url: string, head: string, total: number) {
    return new Promise<{ status: number; body: string; written: number }>((resolve, reject) => {
      let written = 0;
      let answered = false;
      const req = httpRequest(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...SAME_ORIGIN },
      });
      req.on("response", (res) => {
        answered = true;
        const sentBeforeAnswer = written;
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body, written: sentBeforeAnswer });
        });
        res.on("error", reject);
      });
      // Once it has answered, the server may cut the connection on the rest of the body.
      req.on("error", (error) => {
        if (!answered) reject(error);
      });
      const chunk = Buffer.alloc(CHUNK, 0x78);
      written += Buffer.byteLength(head);
      req.write(head);
      const pump = () => {
        while (!answered && written < total) {
          written += chunk.length;
          if (!req.write(chunk)) {
            req.once("drain", pump);
            return;
          }
        }
        if (!answered) req.end();
      };
      pump();
    });
  }

  it("answers a chunked 200 MiB sign-up with 413 long before it was all sent", async () => {
    const t = createTestApp(await migratedSqlite());
    const server = await listen(t.app);
    try {
      const answer = await sendUntilAnswered(
        `${server.url}/api/identity/sign-up/email`,
        `{"email":"big@example.com","password":"${PASSWORD}","name":"`,
        200 * MiB,
      );
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual(IDENTITY_TOO_LARGE);
      // Written before the answer came: the limit and what the sockets' buffers took.
      expect(answer.written).toBeLessThan(32 * MiB);
      expect(await t.container.repositories.identity.findUserIdByEmail("big@example.com")).toBe(
        undefined,
      );
    } finally {
      await server.close();
      await t.container.close();
    }
  });
});
