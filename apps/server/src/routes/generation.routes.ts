import {
  AUTH_MESSAGES,
  GENERATION_MESSAGES as M,
  SUPPORT_MESSAGES,
  ZChooseRequest,
  ZEditRequest,
  ZProcessRequest,
  ZScenePreviewRequest,
  ZUpscaleRequest,
} from "@backdrop/shared";
import { type Context, Hono } from "hono";
import type { Identity } from "../identity/identity.ts";
import { AppError } from "../lib/app-error.ts";
import type { RateLimiter } from "../lib/rate-limiter.ts";
import { cleanSourceName } from "../services/generations/uploads/source-name.ts";
import type { PreviewAsker, ScenePreviewService } from "../services/scene-preview.service.ts";
import { clientIp } from "./client-ip.ts";
import { failsWith } from "./errors.ts";
import { assertSelf, parseJson, parseOwnJson } from "./json-body.ts";
import { type RecordEventsDeps, recordEventsRoute } from "./record-events.routes.ts";
import { requireUser, type SignedInEnv, verifiedUser } from "./session.middleware.ts";
import { userRateLimit } from "./user-rate-limit.middleware.ts";

/**
 * The photo, its own file name (cleaned: cleanSourceName) and the user it is for, from the
 * multipart form; refusals for what is missing.
 */
async function readUpload(
  c: Context<SignedInEnv>,
): Promise<{ image: Buffer; sourceName: string | null }> {
  let form: Awaited<ReturnType<typeof c.req.parseBody>>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw new AppError(400, M.uploadFailed);
  }
  const file = form.image instanceof File ? form.image : null;
  const image = file ? Buffer.from(await file.arrayBuffer()) : null;
  if (!image || image.length === 0) throw new AppError(400, M.imageRequired);
  const userUid = typeof form.userUid === "string" ? form.userUid.trim() : "";
  if (!userUid) throw new AppError(400, AUTH_MESSAGES.uidRequired);
  assertSelf(c, userUid);
  return { image, sourceName: cleanSourceName(file?.name) };
}

/** The mask sent to replace an upload's: the multipart form's `mask` file, not empty. */
async function readMask(c: Context<SignedInEnv>): Promise<Buffer> {
  let form: Awaited<ReturnType<typeof c.req.parseBody>>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw new AppError(400, M.maskRequired);
  }
  const file = form.mask instanceof File ? form.mask : null;
  const mask = file ? Buffer.from(await file.arrayBuffer()) : null;
  if (!mask || mask.length === 0) throw new AppError(400, M.maskRequired);
  return mask;
}

export type GenerationRoutesDeps = RecordEventsDeps & {
  identity: Identity;
  uploadRateLimiter: RateLimiter;
  scenePreviews: ScenePreviewService;
  /** Scene previews, per signed-in user, or per client address for visitors: while typing. */
  previewRateLimiter: RateLimiter;
  trustProxy: number;
};

/** The session, when the request carries one; only then is it looked up. */
async function previewAsker(c: Context, identity: Identity): Promise<PreviewAsker> {
  const headers = c.req.raw.headers;
  if (!headers.has("cookie") && !headers.has("authorization")) return { visitor: true };
  // A preview reveals nothing of the account: a session seen seconds ago will do.
  const user = await verifiedUser(identity, headers, "recent");
  return user ? { userId: user.id } : { visitor: true };
}

/** SPEC point 7's /api/fal/* calls; each acts for the signed-in user on their own records. */
export function generationRoutes(deps: GenerationRoutesDeps) {
  const { generations } = deps;
  const signedIn = requireUser(deps.identity);
  // The studio polls the record while a job runs: a session seen seconds ago will do.
  const signedInReader = requireUser(deps.identity, "recent");
  const uploadRate = userRateLimit({
    limiter: deps.uploadRateLimiter,
    bucket: "upload",
    message: M.tooManyUploads,
  });

  return new Hono<SignedInEnv>()
    .use("*", async (c, next) => {
      // Set first, so a route's own Cache-Control replaces it: set after the answer, it would
      // rebuild the answer, which then goes out as a stream (a quarter of a poll's time).
      c.header("Cache-Control", "no-store");
      await next();
    })
    .post("/scene-preview", failsWith(M.scenePreviewFailed), async (c) => {
      // Signed-in users count on their own, wherever they are; visitors per address, and
      // every visitor's drawing spends one shared budget besides (scene-preview.service.ts).
      const asker = await previewAsker(c, deps.identity);
      const key = "userId" in asker ? `user:${asker.userId}` : clientIp(c, deps.trustProxy);
      const counted = await deps.previewRateLimiter.hit(`scene-preview:${key}`);
      if (!counted.allowed) {
        c.header("Retry-After", String(counted.retryAfterSeconds));
        return c.json({ error: SUPPORT_MESSAGES.tooManyRequests }, 429);
      }
      const request = await parseJson(c, ZScenePreviewRequest);
      const outcome = await deps.scenePreviews.preview(request, asker);
      if (!outcome.drawn) {
        c.header("Retry-After", String(outcome.retryAfterSeconds));
        return c.json({ error: M.scenePreviewBusy }, 429);
      }
      return c.json(outcome.reading);
    })
    .post("/upload", signedIn, uploadRate, failsWith(M.uploadFailed), async (c) => {
      const { image, sourceName } = await readUpload(c);
      return c.json(await generations.upload(c.var.user, image, sourceName));
    })
    .get("/uploads/:recordId/mask", signedIn, failsWith(M.maskReadFailed), async (c) => {
      const png = await generations.mask(c.var.user, c.req.param("recordId"));
      return c.body(new Uint8Array(png), 200, { "Content-Type": "image/png" });
    })
    .put("/uploads/:recordId/mask", signedIn, failsWith(M.maskChangeFailed), async (c) => {
      const mask = await readMask(c);
      return c.json(await generations.replaceMask(c.var.user, c.req.param("recordId"), mask));
    })
    .post("/process", signedIn, failsWith(M.startFailed), async (c) => {
      const body = await parseOwnJson(c, ZProcessRequest);
      return c.json(await generations.process(c.var.user, body));
    })
    .post("/upscale", signedIn, failsWith(M.upscaleStartFailed), async (c) => {
      const body = await parseOwnJson(c, ZUpscaleRequest);
      return c.json(await generations.upscale(c.var.user, body));
    })
    .post("/edit-gemini", signedIn, failsWith(M.editFailed), async (c) => {
      const body = await parseOwnJson(c, ZEditRequest);
      return c.json(await generations.edit(c.var.user, body));
    })
    .get("/images/:recordId", signedInReader, failsWith(M.imageProcessingFailed), async (c) => {
      // `?with=settings` adds the latest generation's choices, for "Open in studio".
      const settings = c.req.query("with") === "settings";
      return c.json(await generations.record(c.var.user, c.req.param("recordId"), { settings }));
    })
    .post("/images/:recordId/choose", signedIn, failsWith(M.chooseFailed), async (c) => {
      const { index } = await parseJson(c, ZChooseRequest);
      return c.json(await generations.choose(c.var.user, c.req.param("recordId"), index));
    })
    .get("/images/:recordId/events", signedIn, recordEventsRoute(deps));
}
