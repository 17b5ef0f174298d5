import { GENERATION_MESSAGES } from "@backdrop/shared";
import { ApiError, fetchOk } from "../../../lib/api-client.ts";

const maskPath = (recordId: string) => `/api/fal/uploads/${encodeURIComponent(recordId)}/mask`;

/** GET the upload's mask: a greyscale PNG at the photo's size. */
export async function fetchMask(recordId: string): Promise<Blob> {
  const response = await fetchOk(maskPath(recordId), {}, GENERATION_MESSAGES.maskReadFailed);
  return response.blob();
}

/** PUT a new mask (a PNG at the photo's size; free): answers the upload's new cut-out. */
export async function saveMask(recordId: string, png: Blob): Promise<{ url: string }> {
  const form = new FormData();
  form.append("mask", png, "mask.png");
  const response = await fetchOk(
    maskPath(recordId),
    { method: "PUT", body: form },
    GENERATION_MESSAGES.maskChangeFailed,
  );
  const body: unknown = await response.json().catch(() => null);
  const cutout =
    typeof body === "object" && body !== null && "cutoutImage" in body ? body.cutoutImage : null;
  const url = typeof cutout === "object" && cutout !== null && "url" in cutout ? cutout.url : null;
  if (typeof url !== "string") throw new ApiError(GENERATION_MESSAGES.maskChangeFailed, 200);
  return { url };
}
