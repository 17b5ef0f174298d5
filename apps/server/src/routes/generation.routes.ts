import {
  AUTH_MESSAGES,
  firstIssueMessage,
  IMAGE_LIMITS,
  GENERATION_MESSAGES as M,
  ZEditRequest,
  ZProcessRequest,
  ZUpscaleRequest,
} from "@backdrop/shared";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { z } from "zod";
import type { Container } from "../container.ts";
import { GenerationError } from "../services/generation-access.ts";
import { readJsonObject } from "./json-body.ts";
import { recordEventsRoute } from "./record-events.routes.ts";
import { requireUser, type SignedInEnv } from "./session.middleware.ts";
import { userRateLimit } from "./user-rate-limit.middleware.ts";

const smallBody = bodyLimit({
  maxSize: 64 * 1024,
  onError: (c) => c.json({ error: "Request body is too large" }, 413),
});

/** The multipart envelope around a file just under the limit still fits. */
const uploadBody = bodyLimit({
  maxSize: IMAGE_LIMITS.maxBytes + 64 * 1024,
  onError: (c) => c.json({ error: M.imageTooHeavy }, 413),
});

type Handler<T> = (c: Context<SignedInEnv>, body: T) => Promise<unknown>;

export function answerGenerationError(
  c: Context,
  error: unknown,
  fallback: string,
  container: Container,
) {
  if (error instanceof GenerationError) return c.json({ error: error.message }, error.status);
  container.logger.error("Generation call failed", { path: c.req.path, error });
  return c.json({ error: fallback }, 500);
}

/** Parses the body, checks that `userUid` is the signed-in user, runs the call, maps refusals. */
function generationCall<S extends z.ZodType<{ userUid: string }>>(
  container: Container,
  schema: S,
  failure: string,
  handle: Handler<z.output<S>>,
) {
  return async (c: Context<SignedInEnv>) => {
    const parsed = schema.safeParse(await readJsonObject(c));
    if (!parsed.success) return c.json({ error: firstIssueMessage(parsed.error) }, 400);
    if (parsed.data.userUid !== c.var.user.id) {
      return c.json({ error: AUTH_MESSAGES.forbidden }, 403);
    }
    try {
      return c.json(await handle(c, parsed.data));
    } catch (error) {
      return answerGenerationError(c, error, failure, container);
    }
  };
}

async function readUpload(c: Context<SignedInEnv>) {
  try {
    const form = await c.req.parseBody();
    const image = form.image;
    return {
      image: image instanceof File ? Buffer.from(await image.arrayBuffer()) : null,
      userUid: typeof form.userUid === "string" ? form.userUid.trim() : "",
    };
  } catch {
    return null;
  }
}

/** SPEC point 7's /api/fal/* calls; each acts for the signed-in user on their own records. */
export function generationRoutes(container: Container) {
  const { identity, services } = container;
  const { generations, uploadAllowance } = services;
  const signedIn = requireUser(identity);
  const uploadRate = userRateLimit({
    limiter: container.uploadRateLimiter,
    bucket: "upload",
    message: M.tooManyUploads,
  });

  return new Hono<SignedInEnv>()
    .use("*", async (c, next) => {
      await next();
      if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
    })
    .post("/upload", uploadBody, signedIn, uploadRate, async (c) => {
      const upload = await readUpload(c);
      if (!upload?.image || upload.image.length === 0) {
        return c.json({ error: upload ? M.imageRequired : M.uploadFailed }, 400);
      }
      if (!upload.userUid) return c.json({ error: AUTH_MESSAGES.uidRequired }, 400);
      if (upload.userUid !== c.var.user.id) return c.json({ error: AUTH_MESSAGES.forbidden }, 403);
      try {
        // The quota is checked on the bytes sent, before any decoding or storing.
        await uploadAllowance.assertRoomFor(c.var.user.id, upload.image.length);
        return c.json(await generations.upload(c.var.user, upload.image));
      } catch (error) {
        return answerGenerationError(c, error, M.uploadFailed, container);
      }
    })
    .post(
      "/process",
      smallBody,
      signedIn,
      generationCall(container, ZProcessRequest, M.startFailed, (c, body) =>
        generations.process(c.var.user, body),
      ),
    )
    .post(
      "/upscale",
      smallBody,
      signedIn,
      generationCall(container, ZUpscaleRequest, M.upscaleStartFailed, (c, body) =>
        generations.upscale(c.var.user, body),
      ),
    )
    .post(
      "/edit-gemini",
      smallBody,
      signedIn,
      generationCall(container, ZEditRequest, M.editFailed, (c, body) =>
        generations.edit(c.var.user, body),
      ),
    )
    .get("/images/:recordId", signedIn, async (c) => {
      try {
        return c.json(await generations.record(c.var.user, c.req.param("recordId")));
      } catch (error) {
        return answerGenerationError(c, error, M.imageProcessingFailed, container);
      }
    })
    .get("/images/:recordId/events", signedIn, recordEventsRoute(container));
}
