import type { z } from "zod";
import { withSchemas } from "../../lib/with-schemas.ts";
import type { IdentityUser } from "./answer-schemas.ts";

export type { IdentityUser } from "./answer-schemas.ts";

/**
 * The identity service's HTTP endpoints (better-auth, mounted at /api/identity). The web app
 * has no better-auth client library: these calls are all it needs, and the session itself
 * travels in an httpOnly cookie that this code never sees.
 */
const BASE_PATH = "/api/identity";

/** Where the e-mails' links and Google's error path return (SPEC point 2). */
export const LOGIN_PATH = "/login";
export const RESET_PASSWORD_PATH = "/reset-password";

export const NETWORK_ERROR_MESSAGE =
  "Could not reach Backdrop. Check your connection and try again.";
export const UNEXPECTED_MESSAGE = "Something unexpected happened. Please try again.";

/** A refused identity call: better-auth's code (when it sent one), its message and the status. */
export class IdentityError extends Error {
  readonly status: number;
  readonly code: string | null;

  constructor(message: string, status: number, code: string | null) {
    super(message);
    this.name = "IdentityError";
    this.status = status;
    this.code = code;
  }
}

/** The answers' schemas, and zod, load alongside the first call: not on the first paint. */
const loadSchemas = () => import("./answer-schemas.ts");
type Schemas = Awaited<ReturnType<typeof loadSchemas>>;

async function call(path: string, init: RequestInit = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${BASE_PATH}${path}`, { credentials: "same-origin", ...init });
  } catch {
    throw new IdentityError(NETWORK_ERROR_MESSAGE, 0, null);
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // a proxy's HTML page, or an empty answer
  }
  if (!response.ok) {
    const failure = await loadSchemas().then(
      (schemas) => schemas.ZIdentityFailure.safeParse(body),
      () => null, // without its details, the refusal is still one
    );
    const { code = null, message } = failure?.success ? failure.data : {};
    throw new IdentityError(message?.trim() || UNEXPECTED_MESSAGE, response.status, code);
  }
  return body;
}

function post(path: string, payload: object): Promise<unknown> {
  return call(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(payload),
  });
}

/** The answer, once it and the schemas have both arrived, checked with the one `pick` names. */
async function parse<T>(
  answer: Promise<unknown>,
  pick: (schemas: Schemas) => z.ZodType<T>,
): Promise<T> {
  const [body, schemas] = await withSchemas(answer, loadSchemas());
  const parsed = pick(schemas).safeParse(body);
  if (!parsed.success) throw new IdentityError(UNEXPECTED_MESSAGE, 200, null);
  return parsed.data;
}

/** Creates the account and mails the verification link; no session is opened. */
export async function signUpWithEmail(input: {
  name: string;
  email: string;
  password: string;
}): Promise<void> {
  await post("/sign-up/email", { ...input, callbackURL: LOGIN_PATH });
}

export async function signInWithEmail(input: {
  email: string;
  password: string;
}): Promise<IdentityUser> {
  const answer = await parse(post("/sign-in/email", input), (schemas) => schemas.ZIdentitySignIn);
  return answer.user;
}

export async function sendVerificationEmail(email: string): Promise<void> {
  await post("/send-verification-email", { email, callbackURL: LOGIN_PATH });
}

/** Answers the same whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<void> {
  await post("/request-password-reset", { email, redirectTo: RESET_PASSWORD_PATH });
}

export async function resetPassword(input: { token: string; newPassword: string }): Promise<void> {
  await post("/reset-password", input);
}

/** The identity provider's address to send the browser to; it comes back to `callbackURL`. */
export async function startGoogleSignIn(input: {
  callbackURL: string;
  errorCallbackURL: string;
}): Promise<string> {
  const answer = await parse(
    post("/sign-in/social", { provider: "google", ...input }),
    (schemas) => schemas.ZSocialSignIn,
  );
  return answer.url;
}

/** The signed-in user of the session cookie, or null. */
export async function fetchIdentitySession(): Promise<IdentityUser | null> {
  const session = await parse(
    call("/get-session", { headers: { Accept: "application/json" } }),
    (schemas) => schemas.ZIdentitySession,
  );
  return session?.user ?? null;
}

export async function signOutOfIdentity(): Promise<void> {
  await post("/sign-out", {});
}
