/**
 * Prompts that edit well: one concrete change to the scene around the subject, named plainly,
 * and honoured by both engines (a scene, the light and colour, the background blur, the shadow).
 * None names the subject itself ("make the bike blue"): the local engine refuses those, at no
 * cost, and a server test checks each tip is understood. Clicking one fills the prompt.
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
