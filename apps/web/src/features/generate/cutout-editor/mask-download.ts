import { fetchMask } from "./mask-api.ts";

/** Saves the upload's current mask (as the server has it) as a PNG file. */
export async function downloadMask(recordId: string, photoName: string) {
  const png = await fetchMask(recordId);
  const url = URL.createObjectURL(png);
  const link = document.createElement("a");
  link.href = url;
  link.download = `${photoName.replace(/\.[^.]+$/, "") || "photo"}-mask.png`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
