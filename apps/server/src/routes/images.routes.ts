import { GALLERY_MESSAGES, GENERATION_MESSAGES as M, ZArchiveRequest } from "@backdrop/shared";
import { Hono } from "hono";
import type { Identity } from "../identity/identity.ts";
import type { GenerationsService } from "../services/generations/generations.service.ts";
import { failsWith } from "./errors.ts";
import { assertSelf, parseJson } from "./json-body.ts";
import { requireUser, type SignedInEnv } from "./session.middleware.ts";

export type ImagesRoutesDeps = { identity: Identity; generations: GenerationsService };

const FILE_NAME = /^([0-9a-f-]{36})\.([a-z]+)$/;

/**
 * GET /api/images/:uid, the user's records newest first (SPEC point 7); DELETE
 * /api/images/:recordId, one of them with its files (404 for anyone else's, 409 while running);
 * POST /api/images/archive, the chosen results of some of them as a ZIP.
 */
export function imagesRoutes({ identity, generations }: ImagesRoutesDeps) {
  return new Hono<SignedInEnv>()
    .post(
      "/archive",
      requireUser(identity),
      failsWith(GALLERY_MESSAGES.archiveFailed),
      async (c) => {
        const { ids } = await parseJson(c, ZArchiveRequest);
        const { stream } = await generations.archive(c.var.user, ids);
        return c.body(stream, 200, {
          "Content-Type": "application/zip",
          "Content-Disposition": 'attachment; filename="backdrop-images.zip"',
          "Cache-Control": "no-store",
        });
      },
    )
    .get(
      "/:uid",
      requireUser(identity, "recent"),
      failsWith(GALLERY_MESSAGES.fetchFailed),
      async (c) => {
        assertSelf(c, c.req.param("uid"));
        c.header("Cache-Control", "no-store");
        return c.json(await generations.records(c.var.user));
      },
    )
    .delete(
      "/:recordId",
      requireUser(identity),
      failsWith(GALLERY_MESSAGES.deleteFailed),
      async (c) => {
        c.header("Cache-Control", "no-store");
        return c.json(await generations.remove(c.var.user, c.req.param("recordId")));
      },
    );
}

/**
 * GET /api/files/:id.:ext, a stored image for its owner only; the bytes never change.
 * `?size=thumb` answers the gallery's thumbnail of it instead: WebP, 480 px at most. A gallery
 * asks for many at once, so the session may be one seen seconds ago.
 */
export function filesRoutes({ identity, generations }: ImagesRoutesDeps) {
  return new Hono<SignedInEnv>().get("/:name", requireUser(identity, "recent"), async (c) => {
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
