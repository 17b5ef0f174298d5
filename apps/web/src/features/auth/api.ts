import type {
  TCurrentUser,
  TPublicConfig,
  TSaveUserAnswer,
  TSaveUserRequest,
  TUserProvider,
} from "@backdrop/shared";
import { ApiError, getJson, postJson } from "../../lib/api-client.ts";
import { withSchemas } from "../../lib/with-schemas.ts";

const DETAILS_FAILED = "Could not load your account.";
const LOOKUP_FAILED = "Could not check this email address. Please try again.";
const UNEXPECTED_ANSWER = "The server answered in an unexpected format.";

/** The answers' schemas, and zod, load alongside the first call: not on the first paint. */
const loadSchemas = () => import("./answer-schemas.ts");

async function parseUser(answer: Promise<unknown>): Promise<TCurrentUser> {
  const [body, { ZCurrentUser }] = await withSchemas(answer, loadSchemas());
  const parsed = ZCurrentUser.safeParse(body);
  if (!parsed.success) throw new ApiError(UNEXPECTED_ANSWER, 200);
  return parsed.data;
}

/** SPEC point 3 "Current user": the product's side of the account (tokens, plan). */
export async function fetchUserDetails(uid: string): Promise<TCurrentUser> {
  return parseUser(
    getJson(`/api/auth/get-user-by-uid?uid=${encodeURIComponent(uid)}`, DETAILS_FAILED),
  );
}

/** The last step of a sign-in; the answer also says whether it was the user's first. */
export async function saveUser(payload: TSaveUserRequest): Promise<TSaveUserAnswer> {
  const [body, { ZSaveUserAnswer }] = await withSchemas(
    postJson("/api/auth/save-user", payload, DETAILS_FAILED),
    loadSchemas(),
  );
  const parsed = ZSaveUserAnswer.safeParse(body);
  if (!parsed.success) throw new ApiError(UNEXPECTED_ANSWER, 200);
  return parsed.data;
}

export type ProviderLookup = { found: false } | { found: true; provider: TUserProvider };

/** How the account of `email` signs in; a 404 means there is none. */
export async function lookUpProvider(email: string): Promise<ProviderLookup> {
  try {
    const [body, { ZUserProviderResponse }] = await withSchemas(
      getJson(`/api/auth/get-user-by-email?email=${encodeURIComponent(email)}`, LOOKUP_FAILED),
      loadSchemas(),
    );
    const parsed = ZUserProviderResponse.safeParse(body);
    if (!parsed.success) throw new ApiError(UNEXPECTED_ANSWER, 200);
    return { found: true, provider: parsed.data.provider };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { found: false };
    throw error;
  }
}

const NOTHING_OFFERED: TPublicConfig = {
  googleSignIn: false,
  queueNote: null,
  relightOption: false,
};

/** A server that cannot answer simply has no Google sign-in to offer, nor a queue note. */
export async function fetchPublicConfig(): Promise<TPublicConfig> {
  try {
    const [body, { ZPublicConfig }] = await withSchemas(getJson("/api/config", ""), loadSchemas());
    const parsed = ZPublicConfig.safeParse(body);
    return parsed.success ? parsed.data : NOTHING_OFFERED;
  } catch {
    return NOTHING_OFFERED;
  }
}
