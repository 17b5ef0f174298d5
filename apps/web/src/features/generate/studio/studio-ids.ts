/** Element ids the studio moves focus to. */
export const PHOTO_INPUT_ID = "studio-photo";
export const PROMPT_INPUT_ID = "studio-prompt";
