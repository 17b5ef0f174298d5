import { planScene } from "./scene/index.ts";

/**
 * Whether a background prompt asks for the plain white of a marketplace main image: the local
 * engine composes it exactly (#FFFFFF, at most a soft contact shadow) with no model, so an
 * engine that would otherwise pay a model for it (fal) hands it over.
 */
export function wantsWhiteBackground(prompt: string): boolean {
  return planScene(prompt).setting === "white";
}
