import { EngineError } from "../image-engine.ts";
import type { FalCall } from "./fal-endpoints.ts";

type ImageRef = { url?: unknown } | undefined;
type ModelOutput = { images?: ImageRef[]; image?: ImageRef; has_nsfw_concepts?: unknown };

const asOutput = (data: unknown) =>
  (typeof data === "object" && data !== null ? data : {}) as ModelOutput;

const urlOf = (image: ImageRef) =>
  typeof image?.url === "string" && image.url !== "" ? image.url : undefined;

/**
 * The URLs of the images in a model's answer, in order, leaving out those fal's safety
 * checker flagged (it sends a black image with `has_nsfw_concepts: [true]` in their place).
 * Every image flagged counts as a refusal; an answer without images, as a failure.
 */
export function resultImageUrls(data: unknown, answer: FalCall["answer"]): string[] {
  const output = asOutput(data);
  const images = answer === "images" ? (output.images ?? []) : [output.image];
  const flags = Array.isArray(output.has_nsfw_concepts) ? output.has_nsfw_concepts : [];
  const urls = images.map(urlOf);
  if (urls.length === 0 || urls.some((url) => url === undefined)) {
    throw new EngineError("unavailable", "fal's answer holds no image");
  }
  const kept = urls.filter((_, index) => flags[index] !== true) as string[];
  if (kept.length === 0)
    throw new EngineError("rejected", "fal's safety checker flagged the result");
  return kept;
}
