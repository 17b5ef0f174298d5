import { GALLERY_MESSAGES, GENERATION_MESSAGES as M, ZArchiveRequest } from "@backdrop/shared";
import { Hono } from "hono";
import type { Identity } from "../identity/identity.ts";
import { readableSource } from "../lib/download-stream.ts";
import type { GenerationsService } from "../services/generations/generations.service.ts";
import { isCopySize } from "../services/generations/records/sized-copies.ts";
import {
  askedFormat,
  type Downloads,
  dispositionOf,
  downloadBody,
  tooManyDownloads,
  unknownFormat,
  zipDownload,
} from "./download-response.ts";
import { failsWith } from "./errors.ts";
import { assertSelf, parseJson } from "./json-body.ts";
import { requireUser, type SignedInEnv } from "./session.middleware.ts";

export type ImagesRoutesDeps = {
  identity: Identity;
  generations: GenerationsService;
  downloads: Downloads;
};

const FILE_NAME = /^([0-9a-f-]{36})\.([a-z]+)$/;

/**
 * GET /api/images/:uid, the user's records newest first (SPEC point 7); DELETE
 * /api/images/:recordId, one of them with its files (404 for anyone else's, 409 while running);
 * POST /api/images/archive, the chosen results of some of them as a ZIP (`?format=png|jpeg|webp`
 * converts them, each in its stored format otherwise).
 */
export function imagesRoutes({ identity, generations, downloads }: ImagesRoutesDeps) {
  return new Hono<SignedInEnv>()
    .post(
      "/archive",
      requireUser(identity),
      failsWith(GALLERY_MESSAGES.archiveFailed),
      async (c) => {
        const format = askedFormat(c);
        if (format === null) return unknownFormat(c);
        const { ids } = await parseJson(c, ZArchiveRequest);
        return zipDownload(c, downloads, c.var.user.id, async () => ({
          ...(await generations.archive(c.var.user, ids, format)),
          fileName: "backdrop-images.zip",
        }));
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
 * GET /api/files/:id.:ext, a stored image for its owner only; the bytes never change. It is
 * streamed from storage as the client reads, and counts as one of the user's open downloads.
 * `?size=thumb` answers the gallery's thumbnail of it instead (WebP, 480 px at most), and
 * `?size=display` the copy the studio shows (WebP, 1600 px at most): small and answered whole,
 * so they count as no download. `?format=png|jpeg|webp` answers it as a download in that format
 * instead, named after its record (converted and answered whole, one of the user's downloads
 * meanwhile). A gallery asks for many at once, so the session may be one
 * seen seconds ago.
 */
export function filesRoutes({ identity, generations, downloads }: ImagesRoutesDeps) {
  return new Hono<SignedInEnv>().get("/:name", requireUser(identity, "recent"), async (c) => {
    const size = c.req.query("size");
    if (size !== undefined && !isCopySize(size)) {
      return c.json({ error: GALLERY_MESSAGES.unknownImageSize }, 400);
    }
    const format = askedFormat(c);
    if (format === null) return unknownFormat(c);
    const match = FILE_NAME.exec(c.req.param("name"));
    const [, fileId, extension] = match ?? [];
    if (!fileId || !extension) return c.json({ error: M.recordNotFound }, 404);
    const disposition = (file: { kind: string; id: string }, ending: string) =>
      dispositionOf(`backdrop-${file.kind}-${file.id.slice(0, 8)}${ending}`, "inline");
    const cached = {
      "Cache-Control": "private, max-age=31536000, immutable",
    };
    if (size) {
      const copy = await generations.sizedCopy(c.var.user, fileId, extension, size);
      if (!copy) return c.json({ error: M.recordNotFound }, 404);
      return c.body(new Uint8Array(copy.bytes), 200, {
        ...cached,
        "Content-Type": "image/webp",
        "Content-Length": String(copy.bytes.length),
        "Content-Disposition": disposition(copy.file, `-${size}.webp`),
      });
    }
    const release = downloads.slots.take(c.var.user.id);
    if (!release) return tooManyDownloads(c);
    if (format) {
      const made = await generations
        .download(c.var.user, fileId, extension, format)
        .finally(release);
      if (!made) return c.json({ error: M.recordNotFound }, 404);
      return c.body(new Uint8Array(made.bytes), 200, {
        ...cached,
        "Content-Type": made.contentType,
        "Content-Length": String(made.bytes.length),
        "Content-Disposition": dispositionOf(made.fileName),
      });
    }
    let found: Awaited<ReturnType<GenerationsService["file"]>>;
    try {
      found = await generations.file(c.var.user, fileId, extension);
    } catch (error) {
      release();
      throw error;
    }
    if (!found) {
      release();
      return c.json({ error: M.recordNotFound }, 404);
    }
    const { file, opened } = found;
    const headers = {
      ...cached,
      "Content-Type": file.contentType,
      "Content-Length": String(opened.size),
      "Content-Disposition": disposition(file, `.${extension}`),
    };
    // Hono answers HEAD by dropping the body unread: nothing is read, the slot given back.
    if (c.req.method === "HEAD") {
      opened.stream.destroy();
      release();
      return c.body(null, 200, headers);
    }
    return c.body(downloadBody(c, downloads, readableSource(opened.stream), release), 200, headers);
  });
}
