import { AUTH_MESSAGES, GALLERY_MESSAGES, GENERATION_MESSAGES as M } from "@backdrop/shared";
import { Hono } from "hono";
import type { Container } from "../container.ts";
import { answerGenerationError } from "./generation.routes.ts";
import { requireUser, type SignedInEnv } from "./session.middleware.ts";

const FILE_NAME = /^([0-9a-f-]{36})\.([a-z]+)$/;

/** GET /api/images/:uid, the user's records newest first (SPEC point 7). */
export function imagesRoutes(container: Container) {
  const { generations } = container.services;
  return new Hono<SignedInEnv>().get("/:uid", requireUser(container.identity), async (c) => {
    if (c.req.param("uid") !== c.var.user.id) {
      return c.json({ error: AUTH_MESSAGES.forbidden }, 403);
    }
    c.header("Cache-Control", "no-store");
    try {
      return c.json(await generations.records(c.var.user));
    } catch (error) {
      return answerGenerationError(c, error, GALLERY_MESSAGES.fetchFailed, container);
    }
  });
}

/**
 * GET /api/files/:id.:ext, a stored image for its owner only; the bytes never change.
 * `?size=thumb` answers the gallery's thumbnail of it instead: WebP, 480 px at most.
 */
export function filesRoutes(container: Container) {
  const { generations } = container.services;
  return new Hono<SignedInEnv>().get("/:name", requireUser(container.identity), async (c) => {
    const size = c.req.query("size");
    if (size !== undefined && size !== "thumb") {
      return c.json({ error: GALLERY_MESSAGES.unknownImageSize }, 400);
    }
    const match = FILE_NAME.exec(c.req.param("name"));
    const [, fileId, extension] = match ?? [];
    const found =
      fileId && extension
        ? await (size ? generations.thumbnail : generations.file)(c.var.user, fileId, extension)
        : null;
    if (!found) return c.json({ error: M.recordNotFound }, 404);
    const name = `backdrop-${found.file.kind}-${found.file.id.slice(0, 8)}`;
    return c.body(new Uint8Array(found.bytes), 200, {
      "Content-Type": size ? "image/webp" : found.file.contentType,
      "Content-Length": String(found.bytes.length),
      "Cache-Control": "private, max-age=31536000, immutable",
      "Content-Disposition": `inline; filename="${size ? `${name}-thumb.webp` : `${name}.${extension}`}"`,
    });
  });
}
