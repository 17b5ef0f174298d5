import type { GenerationState } from "../generation/use-generation.ts";

/**
 * What a screen reader is told of the generation: that it started, that it is done or why it
 * failed. The stages between are told by the progress card's own live label; the percentage
 * never is.
 */
export function generationAnnouncement(state: GenerationState): string {
  switch (state.status) {
    case "running":
      return "Generating your new background.";
    case "done":
      return "Your result is ready.";
    case "failed":
      return `Generation failed: ${state.message}`;
    case "idle":
      return "";
  }
}

export function GenerationAnnouncer({ generation }: { generation: GenerationState }) {
  return (
    <p id="studio-announcer" aria-live="polite" className="sr-only">
      {generationAnnouncement(generation)}
    </p>
  );
}
