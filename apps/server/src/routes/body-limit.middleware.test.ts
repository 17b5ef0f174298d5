import { GENERATION_MESSAGES, IMAGE_LIMITS } from "@backdrop/shared";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import {
  bodyRuleFor,
  bodyTooLargeMessage,
  JSON_BODY_LIMIT,
  limitBodies,
  UPLOAD_BODY_LIMIT,
  WEBHOOK_BODY_LIMIT,
} from "./body-limit.middleware.ts";

const CHUNK = 16 * 1024;

/** A body of `total` bytes made only as it is read (nothing ahead), counting what was read. */
function countedBody(total: number) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= total) {
          controller.close();
          return;
        }
        const size = Math.min(CHUNK, total - pulled);
        pulled += size;
        controller.enqueue(new Uint8Array(size).fill(0x78));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled };
}

/** An app behind the limit whose one route answers what it read: from c.req, and c.req.raw. */
function echoApp() {
  return new Hono()
    .use(
      "*",
      limitBodies((path) => ({ maxBytes: path === "/big" ? 1000 : 100, message: "Too big" })),
    )
    .post("/:any", async (c) => {
      const raw = await c.req.raw.clone().text();
      return c.json({ length: (await c.req.text()).length, rawLength: raw.length });
    });
}

function post(
  app: Hono,
  path: string,
  body: string | ReadableStream<Uint8Array>,
  headers: Record<string, string> = {},
) {
  return app.request(path, { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

describe("limitBodies", () => {
  it("hands the routes a body within the limit, in c.req and c.req.raw alike", async () => {
    const res = await post(echoApp(), "/small", "x".repeat(100));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ length: 100, rawLength: 100 });
  });

  it("refuses a declared Content-Length over the limit without reading a byte", async () => {
    const body = countedBody(101);
    const res = await post(echoApp(), "/small", body.stream, { "content-length": "101" });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "Too big" });
    expect(body.pulled()).toBe(0);
  });

  it("counts a body sent without a length and stops reading once it passes the limit", async () => {
    const body = countedBody(200 * 1024 * 1024);
    const res = await post(echoApp(), "/small", body.stream);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "Too big" });
    expect(body.pulled()).toBe(CHUNK);
  });

  it("counts a body whose Content-Length claims less than it sends", async () => {
    const body = countedBody(1024 * 1024);
    const res = await post(echoApp(), "/small", body.stream, { "content-length": "10" });
    expect(res.status).toBe(413);
    expect(body.pulled()).toBe(CHUNK);
  });

  it("sizes the limit by the path", async () => {
    expect((await post(echoApp(), "/big", "x".repeat(1000))).status).toBe(200);
    expect((await post(echoApp(), "/small", "x".repeat(101))).status).toBe(413);
  });

  it("lets requests without a body through", async () => {
    const app = new Hono().use("*", limitBodies()).get("/", (c) => c.text("ok"));
    expect(await (await app.request("/")).text()).toBe("ok");
  });

  it("answers identity's refusals in better-auth's shape too, for its clients", async () => {
    const app = new Hono().use("*", limitBodies()).post("*", (c) => c.text("read"));
    const res = await post(app, "/api/identity/sign-up/email", "x".repeat(JSON_BODY_LIMIT + 1));
    expect(res.status).toBe(413);
    const message = bodyTooLargeMessage(JSON_BODY_LIMIT);
    expect(await res.json()).toEqual({ error: message, code: "REQUEST_BODY_TOO_LARGE", message });
  });
});

describe("bodyRuleFor", () => {
  it("gives uploads and their masks room for a photo, Stripe's events 1 MB and everything else 64 KB", () => {
    expect(bodyRuleFor("/api/fal/upload")).toEqual({
      maxBytes: IMAGE_LIMITS.maxBytes + 64 * 1024,
      message: GENERATION_MESSAGES.imageTooHeavy,
    });
    expect(UPLOAD_BODY_LIMIT).toBe(IMAGE_LIMITS.maxBytes + 64 * 1024);
    expect(bodyRuleFor("/api/fal/uploads/0b7f4e1c-2a4d-4f7e-9c3b-5d6e7f8a9b0c/mask")).toEqual(
      bodyRuleFor("/api/fal/upload"),
    );
    expect(bodyRuleFor("/api/fal/uploads/x/mask/more").maxBytes).toBe(JSON_BODY_LIMIT);
    expect(bodyRuleFor("/api/payment/webhook")).toEqual({
      maxBytes: WEBHOOK_BODY_LIMIT,
      message: "Request body is too large (at most 1 MB)",
    });
    for (const path of ["/api/identity/sign-up/email", "/api/images/archive", "/sandbox/x"]) {
      expect(bodyRuleFor(path)).toEqual({
        maxBytes: 64 * 1024,
        message: "Request body is too large (at most 64 KB)",
      });
    }
  });
});
