import type { TImageRecord } from "@backdrop/shared";

/** An image record as GET /api/fal/images/:id answers it: a job cutting out by default. */
export function imageRecord(overrides: Partial<TImageRecord> = {}): TImageRecord {
  return {
    _id: "rec-1",
    originalImage: { url: "/api/files/original.png" },
    processedImage: null,
    upscaledImage: null,
    aiGeneratedImages: [],
    cutoutImage: null,
    variations: [],
    fidelity: null,
    status: "processing",
    stage: "cutting out",
    progress: null,
    error: null,
    prompt: "Sandy beach at golden hour",
    sourceName: null,
    width: 600,
    height: 400,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}
