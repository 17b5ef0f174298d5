import { EngineError } from "../image-engine.ts";
import type { FalCall } from "./fal-endpoints.ts";

type ImageRef = { url?: unknown } | undefined;
type ModelOutput = { images?: ImageRef[]; image?: ImageRef; has_nsfw_concepts?: unknown };

/**
 * The URL of the image in a model's answer. A flagged answer (fal's safety checker sends a
 * black image with `has_nsfw_concepts: [true]`) counts as a refusal.
 */
export function resultImageUrl(data: unknown, answer: FalCall["answer"]): string {
  const output = (typeof data === "object" && data !== null ? data : {}) as ModelOutput;
  const flags = output.has_nsfw_concepts;
  if (Array.isArray(flags) && flags.includes(true)) {
    throw new EngineError("rejected", "fal's safety checker flagged the result");
  }
  const image = answer === "images" ? output.images?.[0] : output.image;
  if (typeof image?.url !== "string" || image.url === "") {
    throw new EngineError("unavailable", "fal's answer holds no image");
  }
  return image.url;
}
