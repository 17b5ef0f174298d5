/**
 * Prompts that edit well: one concrete change, named plainly, and all understood by the offline
 * engine as well as the cloud one (a scene, the light and colour, the background, the shadow).
 * Clicking one fills the prompt.
 */
export const EDIT_TIPS = [
  "Make it sunset",
  "Add a marble floor",
  "Make the light warmer",
  "Blur the background more",
  "Make the background darker",
  "Remove the shadow",
  "Black and white",
] as const;
