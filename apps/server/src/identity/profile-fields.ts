import { isHttpUrl, NAME_MAX_LENGTH, tooLongMessage } from "@backdrop/shared";
import { APIError } from "better-auth/api";

/** The longest profile picture address kept: a link, never the picture's bytes. */
export const IMAGE_URL_MAX_LENGTH = 2048;

export const PROFILE_MESSAGES = {
  nameNotText: "Name must be text",
  nameTooLong: tooLongMessage("Name", NAME_MAX_LENGTH),
  imageNotALink: "Image must be a link starting with http:// or https://",
  imageTooLong: tooLongMessage("Image", IMAGE_URL_MAX_LENGTH),
} as const;

export const INVALID_PROFILE_CODE = "INVALID_PROFILE_FIELD";

/**
 * What is wrong with the display name and picture a user row is given, or null. Either may be
 * absent (not changed); the picture may be null (none). Nothing is trimmed or cut here: a value
 * out of bounds is refused as a whole.
 */
export function profileProblem(fields: { name?: unknown; image?: unknown }): string | null {
  const { name, image } = fields;
  if (name !== undefined) {
    if (typeof name !== "string") return PROFILE_MESSAGES.nameNotText;
    if (name.length > NAME_MAX_LENGTH) return PROFILE_MESSAGES.nameTooLong;
  }
  if (image !== undefined && image !== null) {
    if (typeof image !== "string") return PROFILE_MESSAGES.imageNotALink;
    if (image.length > IMAGE_URL_MAX_LENGTH) return PROFILE_MESSAGES.imageTooLong;
    if (!isHttpUrl(image)) return PROFILE_MESSAGES.imageNotALink;
  }
  return null;
}

/** Refuses, with better-auth's 400 and our wording, a name or picture out of bounds. */
export function assertProfileFields(fields: { name?: unknown; image?: unknown }): void {
  const problem = profileProblem(fields);
  if (problem) {
    throw APIError.from("BAD_REQUEST", { code: INVALID_PROFILE_CODE, message: problem });
  }
}
