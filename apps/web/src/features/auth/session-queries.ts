import type { TCurrentUser } from "@backdrop/shared";
import { ApiError } from "../../lib/api-client.ts";
import { fetchUserDetails } from "./api.ts";
import { fetchIdentitySession } from "./identity-client.ts";

export const SESSION_QUERY_KEY = ["identity", "session"] as const;
/** Everything cached about a signed-in user starts with this key; sign-out drops it all. */
export const ACCOUNT_QUERY_KEY = ["account"] as const;

export function userDetailsQueryKey(uid: string | null) {
  return [...ACCOUNT_QUERY_KEY, "user", uid] as const;
}

export const sessionQuery = {
  queryKey: SESSION_QUERY_KEY,
  queryFn: fetchIdentitySession,
  // sign-in and sign-out refresh it explicitly; focus and reconnect check it again
  staleTime: 60_000,
};

/**
 * SPEC point 8: a failed lookup is only logged (a 401 as unauthorized access) and the
 * details already shown stay as they are, which a failed refetch does by itself.
 */
export async function loadUserDetails(uid: string): Promise<TCurrentUser> {
  try {
    return await fetchUserDetails(uid);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      console.error("Unauthorized access while loading the user's details");
    } else {
      console.error("Could not load the user's details", error);
    }
    throw error;
  }
}
