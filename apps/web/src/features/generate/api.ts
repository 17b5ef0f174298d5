import {
  type Aspect,
  GENERATION_DEFAULTS,
  GENERATION_MESSAGES,
  type ProcessingMethod,
  type ShadowStyle,
  type TImageRecord,
  type TJobAccepted,
  type TScenePreviewResponse,
  UPSCALE_DEFAULTS,
} from "@backdrop/shared";
import type { z } from "zod";
import { ApiError, errorMessageOf, getJson, postJson } from "../../lib/api-client.ts";
import { rememberDisplayCopies } from "../../lib/display-copies.ts";
import { rememberRecord as rememberFidelities } from "../../lib/fidelity-memory.ts";
import { withSchemas } from "../../lib/with-schemas.ts";

const UNEXPECTED_ANSWER = "The server answered in an unexpected format.";

/** What a record read tells the app for later: its results' fidelity, its images' display copies. */
function rememberRecord(record: TImageRecord): TImageRecord {
  return rememberDisplayCopies(rememberFidelities(record));
}

/** The answers' schemas, and zod, load alongside the first call: not on the first paint. */
const loadSchemas = () => import("./answer-schemas.ts");
type Schemas = Awaited<ReturnType<typeof loadSchemas>>;

/** The answer, once it and the schemas have both arrived, checked with the one `pick` names. */
async function parse<T>(
  answer: unknown,
  pick: (schemas: Schemas) => z.ZodType<T>,
  fallback: string,
): Promise<T> {
  const [body, schemas] = await withSchemas(Promise.resolve(answer), loadSchemas());
  const parsed = pick(schemas).safeParse(body);
  if (!parsed.success) throw new ApiError(fallback, 200);
  return parsed.data;
}

/** A photo the server has stored: its new record, and the stored file's URL. */
export type UploadedPhoto = { recordId: string; url: string };

/** POST /api/fal/upload: the photo as multipart form data, answered with its record. */
export async function uploadImage(file: File, userUid: string): Promise<UploadedPhoto> {
  const form = new FormData();
  form.append("image", file);
  form.append("userUid", userUid);
  let response: Response;
  try {
    response = await fetch("/api/fal/upload", {
      method: "POST",
      body: form,
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError(GENERATION_MESSAGES.uploadFailed, 0);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    throw new ApiError(errorMessageOf(body, GENERATION_MESSAGES.uploadFailed), response.status);
  }
  const answer = await parse(
    body,
    (schemas) => schemas.ZUploadResponse,
    GENERATION_MESSAGES.uploadFailed,
  );
  return { recordId: answer.savedBaseImage._id, url: answer.url };
}

export type ProcessInput = {
  prompt: string;
  imageUrl: string;
  recordId: string;
  userUid: string;
  method: ProcessingMethod;
  shadow: ShadowStyle;
  aspect: Aspect;
  /** How many takes, each charged as one generation; one when absent, as the server does. */
  variations?: number;
  /** Let the model relight the product; off when absent, as the server does. */
  relightProduct?: boolean;
  /** Keep the product exact; when absent the server follows the prompt (on for white). */
  exactProduct?: boolean | null;
};

/** POST /api/fal/process with SPEC point 9's model options. */
export async function startProcessing(input: ProcessInput): Promise<TJobAccepted> {
  const answer = postJson(
    "/api/fal/process",
    {
      prompt: input.prompt,
      imageUrl: input.imageUrl,
      options: GENERATION_DEFAULTS,
      savedRecordId: input.recordId,
      userUid: input.userUid,
      processingMethod: input.method,
      shadow: input.shadow,
      aspect: input.aspect,
      variations: input.variations ?? 1,
      relightProduct: input.relightProduct ?? false,
      // Left out (undefined) while the seller has not chosen: the server follows the prompt.
      exactProduct: input.exactProduct ?? undefined,
    },
    GENERATION_MESSAGES.startFailed,
  );
  return parse(answer, (schemas) => schemas.ZJobAccepted, GENERATION_MESSAGES.startFailed);
}

export type UpscaleInput = { imageUrl: string; recordId: string; userUid: string };

/** POST /api/fal/upscale: 2x, creativity 0.35, resemblance 0.6. */
export async function startUpscale(input: UpscaleInput): Promise<TJobAccepted> {
  const answer = postJson(
    "/api/fal/upscale",
    {
      imageUrl: input.imageUrl,
      options: UPSCALE_DEFAULTS,
      savedRecordId: input.recordId,
      userUid: input.userUid,
    },
    GENERATION_MESSAGES.upscaleStartFailed,
  );
  return parse(answer, (schemas) => schemas.ZJobAccepted, GENERATION_MESSAGES.upscaleStartFailed);
}

export function recordPath(recordId: string): string {
  return `/api/fal/images/${encodeURIComponent(recordId)}`;
}

/**
 * GET /api/fal/images/:recordId, the record the job writes its progress and result to; with
 * `settings`, also the choices its latest generation was made with ("Open in studio").
 */
export async function fetchRecord(
  recordId: string,
  { settings = false }: { settings?: boolean } = {},
): Promise<TImageRecord> {
  const path = `${recordPath(recordId)}${settings ? "?with=settings" : ""}`;
  const answer = getJson(path, GENERATION_MESSAGES.imageProcessingFailed);
  return rememberRecord(await parse(answer, (schemas) => schemas.ZImageRecord, UNEXPECTED_ANSWER));
}

/**
 * POST /api/fal/images/:recordId/choose: makes the take at `index` the record's processed
 * image (dropping the record's upscale of the take chosen before); answers the record.
 */
export async function chooseVariation(recordId: string, index: number): Promise<TImageRecord> {
  const answer = postJson(
    `${recordPath(recordId)}/choose`,
    { index },
    GENERATION_MESSAGES.chooseFailed,
  );
  return rememberRecord(
    await parse(answer, (schemas) => schemas.ZImageRecord, GENERATION_MESSAGES.chooseFailed),
  );
}

/** The record's live stream; the server sends it at once and after every change. */
export function recordEventsUrl(recordId: string): string {
  return `${recordPath(recordId)}/events`;
}

/** Reads one `record` event's data; null when it is not a record. */
export async function parseRecordEvent(data: unknown): Promise<TImageRecord | null> {
  if (typeof data !== "string") return null;
  let record: unknown;
  try {
    record = JSON.parse(data);
  } catch {
    return null;
  }
  const { ZImageRecord } = await loadSchemas();
  const parsed = ZImageRecord.safeParse(record);
  return parsed.success ? rememberRecord(parsed.data) : null;
}

/** A preview the server will not draw now (429): ask again after `retryAfterSeconds`. */
export class PreviewBusyError extends ApiError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, 429);
  }
}

/** POST /api/fal/scene-preview: what the engine will draw for a prompt, free, before Generate. */
export async function previewScene(
  prompt: string,
  photoSize: { width: number; height: number } | null,
  signal?: AbortSignal,
  recordId?: string | null,
): Promise<TScenePreviewResponse> {
  const response = await fetch("/api/fal/scene-preview", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ prompt, ...(photoSize ?? {}), ...(recordId ? { recordId } : {}) }),
    credentials: "same-origin",
    ...(signal ? { signal } : {}),
  });
  const body: unknown = await response.json().catch(() => null);
  if (response.status === 429) {
    const wait = Number(response.headers.get("retry-after"));
    throw new PreviewBusyError(
      errorMessageOf(body, GENERATION_MESSAGES.scenePreviewBusy),
      Number.isFinite(wait) && wait > 0 ? wait : 2,
    );
  }
  if (!response.ok) {
    throw new ApiError(
      errorMessageOf(body, GENERATION_MESSAGES.scenePreviewFailed),
      response.status,
    );
  }
  return parse(
    body,
    (schemas) => schemas.ZScenePreviewResponse,
    GENERATION_MESSAGES.scenePreviewFailed,
  );
}
