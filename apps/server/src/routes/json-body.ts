import type { Context } from "hono";

/** The parsed JSON object, or an empty one for anything else, so validation names what is missing. */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await c.req.json();
    return typeof body === "object" && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
