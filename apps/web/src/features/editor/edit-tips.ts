/** Prompts that edit well: one concrete change, named plainly. Clicking one fills the prompt. */
export const EDIT_TIPS = [
  "Make the lighting warmer, like golden hour",
  "Add a soft shadow under the product",
  "Remove the clutter in the background",
  "Blur the background a little more",
  "Add a sprig of green leaves beside the product",
  "Change the background colour to pale sage",
] as const;
