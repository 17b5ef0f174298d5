import { isHttpUrl } from "@backdrop/shared";
import { z } from "zod";
import type { GoogleSignIn } from "./types.ts";
import { EnvError, optionalVariable, rateLimitVariable, variable } from "./variables.ts";

const GOOGLE_DISCOVERY_URL = "https://accounts.google.com/.well-known/openid-configuration";
export const AUTH_SECRET_MIN_LENGTH = 32;

/** Sign-in: the session secret, Google, and the limit on sign-in attempts. */
export const identityVariables = {
  BETTER_AUTH_SECRET: optionalVariable(
    z.string().min(AUTH_SECRET_MIN_LENGTH, {
      error: `must be at least ${AUTH_SECRET_MIN_LENGTH} characters (e.g. openssl rand -base64 32)`,
    }),
  ),
  GOOGLE_CLIENT_ID: optionalVariable(z.string().trim()),
  GOOGLE_CLIENT_SECRET: optionalVariable(z.string().trim()),
  GOOGLE_DISCOVERY_URL: variable(
    z.string().refine(isHttpUrl, { error: "must be a URL starting with http:// or https://" }),
    GOOGLE_DISCOVERY_URL,
  ),
  AUTH_RATE_LIMIT: rateLimitVariable("10/60"),
};

type IdentityVars = z.infer<z.ZodObject<typeof identityVariables>>;

/** Google sign-in when both its id and secret are set; neither hides it. */
export function googleSignIn(vars: IdentityVars): GoogleSignIn | null {
  if (Boolean(vars.GOOGLE_CLIENT_ID) !== Boolean(vars.GOOGLE_CLIENT_SECRET)) {
    throw new EnvError(
      "Invalid configuration: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together",
    );
  }
  return vars.GOOGLE_CLIENT_ID && vars.GOOGLE_CLIENT_SECRET
    ? Object.freeze({
        clientId: vars.GOOGLE_CLIENT_ID,
        clientSecret: vars.GOOGLE_CLIENT_SECRET,
        discoveryUrl: vars.GOOGLE_DISCOVERY_URL,
      })
    : null;
}
