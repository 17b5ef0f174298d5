import { ACCOUNT_MESSAGES, ZDeleteAccountResponse } from "@backdrop/shared";
import { ApiError, errorMessageOf, fetchOk } from "../../lib/api-client.ts";

/** The ZIP's name when saved: the day it was made, as the server names it. */
export function exportFileName(response: Response): string {
  const named = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "");
  return named?.[1] ?? "backdrop-data.zip";
}

/** GET /api/account/export: everything the account holds, as one ZIP, and its file name. */
export async function fetchAccountExport(): Promise<{ blob: Blob; fileName: string }> {
  const response = await fetchOk("/api/account/export", {}, ACCOUNT_MESSAGES.exportFailed);
  try {
    return { blob: await response.blob(), fileName: exportFileName(response) };
  } catch {
    // the stream broke off while the ZIP was being written
    throw new ApiError(ACCOUNT_MESSAGES.exportFailed, response.status);
  }
}

/** DELETE /api/account, confirmed by the password (e-mail accounts) or a recent sign-in. */
export async function deleteAccount(password: string | null): Promise<void> {
  let response: Response;
  try {
    response = await fetch("/api/account", {
      method: "DELETE",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(password ? { password } : {}),
    });
  } catch {
    throw new ApiError(ACCOUNT_MESSAGES.deleteFailed, 0);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    throw new ApiError(errorMessageOf(body, ACCOUNT_MESSAGES.deleteFailed), response.status);
  }
  if (!ZDeleteAccountResponse.safeParse(body).success) {
    throw new ApiError(ACCOUNT_MESSAGES.deleteFailed, response.status);
  }
}
