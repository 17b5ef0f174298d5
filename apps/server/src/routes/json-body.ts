import { AUTH_MESSAGES, firstIssueMessage } from "@backdrop/shared";
import type { Context } from "hono";
import type { z } from "zod";
import { AppError } from "../lib/app-error.ts";
import type { SignedInEnv } from "./session.middleware.ts";

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

/** The body checked against `schema`; a refusal naming the first problem otherwise. */
export async function parseJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const parsed = schema.safeParse(await readJsonObject(c));
  if (!parsed.success) throw new AppError(400, firstIssueMessage(parsed.error));
  return parsed.data;
}

/** The client names a user in the request; it must be the signed-in one. */
export function assertSelf(c: Context<SignedInEnv>, uid: string): void {
  if (uid !== c.var.user.id) throw new AppError(403, AUTH_MESSAGES.forbidden);
}

/** A body that names its user (`uid` or `userUid`), parsed and checked against the session. */
export async function parseOwnJson<S extends z.ZodType<{ uid: string } | { userUid: string }>>(
  c: Context<SignedInEnv>,
  schema: S,
): Promise<z.output<S>> {
  const body = await parseJson(c, schema);
  assertSelf(c, "uid" in body ? body.uid : body.userUid);
  return body;
}
