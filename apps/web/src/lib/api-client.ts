/** A failed API call, carrying the message a person should see. */
export class ApiError extends Error {
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.name = "ApiError";
    this.status = status;
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    // proxies and crashes answer with HTML or nothing at all
    return null;
  }
}

/**
 * The server's `error` field (its ErrorResponse) when it sent one, else the caller's default.
 * Checked by hand: every failed call reads it, and zod is not part of the first download.
 */
export function errorMessageOf(body: unknown, fallback: string): string {
  const error = typeof body === "object" && body !== null && "error" in body ? body.error : null;
  return typeof error === "string" && error.trim() !== "" ? error : fallback;
}

/**
 * A call to the API answered with a success, its body unread (a file, say); a network failure
 * or a refusal throws an ApiError with the message a person should see.
 */
export async function fetchOk(
  path: string,
  init: RequestInit,
  fallback: string,
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: "same-origin", ...init });
  } catch {
    throw new ApiError(fallback, 0);
  }
  if (!response.ok) {
    throw new ApiError(errorMessageOf(await readJson(response), fallback), response.status);
  }
  return response;
}

async function request(path: string, init: RequestInit, fallback: string): Promise<unknown> {
  return readJson(await fetchOk(path, init, fallback));
}

export function postJson(path: string, payload: unknown, fallback: string): Promise<unknown> {
  return request(
    path,
    {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(payload),
    },
    fallback,
  );
}

export function deleteJson(path: string, fallback: string): Promise<unknown> {
  return request(path, { method: "DELETE", headers: { Accept: "application/json" } }, fallback);
}

export function getJson(path: string, fallback: string): Promise<unknown> {
  return request(path, { headers: { Accept: "application/json" } }, fallback);
}
