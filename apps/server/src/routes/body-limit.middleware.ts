import { GENERATION_MESSAGES, IMAGE_LIMITS } from "@backdrop/shared";
import type { Context, MiddlewareHandler } from "hono";

/** Every JSON body the app sends is a few hundred bytes; none comes near this. */
export const JSON_BODY_LIMIT = 64 * 1024;
/** The multipart envelope around a photo just under IMAGE_LIMITS.maxBytes still fits. */
export const UPLOAD_BODY_LIMIT = IMAGE_LIMITS.maxBytes + 64 * 1024;
/** Stripe's events are small, but a subscription with many lines can pass 64 KB. */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;

export type BodyRule = { maxBytes: number; message: string };

/** The refusal's wording: what was refused and how much is allowed. */
export function bodyTooLargeMessage(maxBytes: number): string {
  const size =
    maxBytes >= 1024 * 1024
      ? `${Math.floor(maxBytes / (1024 * 1024))} MB`
      : `${Math.floor(maxBytes / 1024)} KB`;
  return `Request body is too large (at most ${size})`;
}

const JSON_RULE: BodyRule = {
  maxBytes: JSON_BODY_LIMIT,
  message: bodyTooLargeMessage(JSON_BODY_LIMIT),
};

const UPLOAD_RULE: BodyRule = {
  maxBytes: UPLOAD_BODY_LIMIT,
  message: GENERATION_MESSAGES.imageTooHeavy,
};

/** The routes whose bodies may be larger than JSON's; every other path takes JSON_RULE. */
const LARGER_BODIES: ReadonlyMap<string, BodyRule> = new Map([
  ["/api/fal/upload", UPLOAD_RULE],
  [
    "/api/payment/webhook",
    { maxBytes: WEBHOOK_BODY_LIMIT, message: bodyTooLargeMessage(WEBHOOK_BODY_LIMIT) },
  ],
]);

/** An upload's mask is a PNG at the photo's size: it gets the photo's room. */
const UPLOAD_MASK_PATH = /^\/api\/fal\/uploads\/[^/]+\/mask$/;

/** The limit on a request's body, by the request's full path. */
export function bodyRuleFor(path: string): BodyRule {
  if (UPLOAD_MASK_PATH.test(path)) return UPLOAD_RULE;
  return LARGER_BODIES.get(path) ?? JSON_RULE;
}

/** better-auth's clients read `code` and `message`; the rest of the API answers `error`. */
const IDENTITY_PREFIX = "/api/identity/";

function refuse(c: Context, { message }: BodyRule): Response {
  const identity = c.req.path.startsWith(IDENTITY_PREFIX);
  return c.json(
    identity ? { error: message, code: "REQUEST_BODY_TOO_LARGE", message } : { error: message },
    413,
  );
}

/** The body's bytes, or null as soon as they pass `maxBytes` (the rest is never read). */
async function readAtMost(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
): Promise<Uint8Array | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      // Not cancelled: the server drains what follows (a little) while the 413 goes out.
      reader.releaseLock();
      return null;
    }
    chunks.push(value);
  }
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * One limit on every request's body, in front of every route (better-auth's included), sized
 * by `ruleFor` from the path. A declared Content-Length over the limit is refused before any
 * byte is read; otherwise the body is counted as it arrives, whatever its Content-Length said
 * or without one (chunked), and refused the moment it passes the limit. What the handlers then
 * read, `c.req.raw` included, is the counted copy: at most the limit, held once.
 */
export function limitBodies(ruleFor: (path: string) => BodyRule = bodyRuleFor): MiddlewareHandler {
  return async (c, next) => {
    const { body } = c.req.raw;
    if (!body) return next();
    const rule = ruleFor(c.req.path);
    const declared = Number(c.req.header("content-length"));
    if (declared > rule.maxBytes) return refuse(c, rule);
    const bytes = await readAtMost(body, rule.maxBytes);
    if (!bytes) return refuse(c, rule);
    c.req.raw = new Request(c.req.raw, { body: bytes });
    return next();
  };
}
