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
  ZImageRecord,
  ZJobAccepted,
  ZScenePreviewResponse,
  ZUploadResponse,
} from "@backdrop/shared";
import type { z } from "zod";
import { ApiError, errorMessageOf, getJson, postJson } from "../../lib/api-client.ts";
import { rememberRecord } from "./fidelity-memory.ts";

const UNEXPECTED_ANSWER = "The server answered in an unexpected format.";

function parse<T>(schema: z.ZodType<T>, body: unknown, fallback: string): T {
  const parsed = schema.safeParse(body);
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
  const answer = parse(ZUploadResponse, body, GENERATION_MESSAGES.uploadFailed);
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
};

/** POST /api/fal/process with SPEC point 9's model options. */
export async function startProcessing(input: ProcessInput): Promise<TJobAccepted> {
  const body = await postJson(
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
    },
    GENERATION_MESSAGES.startFailed,
  );
  return parse(ZJobAccepted, body, GENERATION_MESSAGES.startFailed);
}

export type UpscaleInput = { imageUrl: string; recordId: string; userUid: string };

/** POST /api/fal/upscale: 2x, creativity 0.35, resemblance 0.6. */
export async function startUpscale(input: UpscaleInput): Promise<TJobAccepted> {
  const body = await postJson(
    "/api/fal/upscale",
    {
      imageUrl: input.imageUrl,
      options: UPSCALE_DEFAULTS,
      savedRecordId: input.recordId,
      userUid: input.userUid,
    },
    GENERATION_MESSAGES.upscaleStartFailed,
  );
  return parse(ZJobAccepted, body, GENERATION_MESSAGES.upscaleStartFailed);
}

export function recordPath(recordId: string): string {
  return `/api/fal/images/${encodeURIComponent(recordId)}`;
}

/** GET /api/fal/images/:recordId, the record the job writes its progress and result to. */
export async function fetchRecord(recordId: string): Promise<TImageRecord> {
  const body = await getJson(recordPath(recordId), GENERATION_MESSAGES.imageProcessingFailed);
  return rememberRecord(parse(ZImageRecord, body, UNEXPECTED_ANSWER));
}

/**
 * POST /api/fal/images/:recordId/choose: makes the take at `index` the record's processed
 * image (dropping the record's upscale of the take chosen before); answers the record.
 */
export async function chooseVariation(recordId: string, index: number): Promise<TImageRecord> {
  const body = await postJson(
    `${recordPath(recordId)}/choose`,
    { index },
    GENERATION_MESSAGES.chooseFailed,
  );
  return rememberRecord(parse(ZImageRecord, body, GENERATION_MESSAGES.chooseFailed));
}

/** The record's live stream; the server sends it at once and after every change. */
export function recordEventsUrl(recordId: string): string {
  return `${recordPath(recordId)}/events`;
}

/** Reads one `record` event's data; null when it is not a record. */
export function parseRecordEvent(data: unknown): TImageRecord | null {
  if (typeof data !== "string") return null;
  try {
    const parsed = ZImageRecord.safeParse(JSON.parse(data));
    return parsed.success ? rememberRecord(parsed.data) : null;
  } catch {
    return null;
  }
}

/** POST /api/fal/scene-preview: what the engine will draw for a prompt, free, before Generate. */
export async function previewScene(
  prompt: string,
  photoSize: { width: number; height: number } | null,
  signal?: AbortSignal,
): Promise<TScenePreviewResponse> {
  const response = await fetch("/api/fal/scene-preview", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ prompt, ...(photoSize ?? {}) }),
    credentials: "same-origin",
    ...(signal ? { signal } : {}),
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    throw new ApiError(
      errorMessageOf(body, GENERATION_MESSAGES.scenePreviewFailed),
      response.status,
    );
  }
  return parse(ZScenePreviewResponse, body, GENERATION_MESSAGES.scenePreviewFailed);
}
