import { GENERATION_MESSAGES, type TEditRequest, ZEditResponse } from "@backdrop/shared";
import { ApiError, postJson } from "../../lib/api-client.ts";
import { rememberDisplayCopy } from "../../lib/display-copies.ts";
import { rememberFidelity } from "../../lib/fidelity-memory.ts";

/** POST /api/fal/edit-gemini: answers once the edit is done, with the new image's URL. */
export async function requestEdit(body: TEditRequest): Promise<string> {
  const answer = await postJson("/api/fal/edit-gemini", body, GENERATION_MESSAGES.editFailed);
  const parsed = ZEditResponse.safeParse(answer);
  if (!parsed.success) throw new ApiError(GENERATION_MESSAGES.editFailed, 200);
  rememberFidelity(parsed.data.image);
  rememberDisplayCopy(parsed.data.image);
  return parsed.data.image.url;
}
