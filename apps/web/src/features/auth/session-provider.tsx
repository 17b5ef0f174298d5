import type { TCurrentUser } from "@backdrop/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { clearStudioDraft } from "../../lib/studio-draft-store.ts";
import { signOutOfIdentity } from "./identity-client.ts";
import { type Session, SessionContext, type SessionContextValue } from "./session.ts";
import {
  ACCOUNT_QUERY_KEY,
  loadUserDetails,
  SESSION_QUERY_KEY,
  sessionQuery,
  userDetailsQueryKey,
} from "./session-queries.ts";

/** Holds the signed-in user for the whole app: the identity session and the product's details. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const identity = useQuery(sessionQuery);
  const identityUser = identity.data ?? null;
  const isEmailVerified = identityUser?.emailVerified === true;
  const userLoggedIn = isEmailVerified;
  const uid = userLoggedIn && identityUser ? identityUser.id : null;

  const [isUserSaved, setIsUserSaved] = useState(false);
  const [isTokenCountUpdated, setIsTokenCountUpdated] = useState(false);

  const details = useQuery({
    queryKey: userDetailsQueryKey(uid),
    queryFn: () => loadUserDetails(uid ?? ""),
    enabled: uid !== null,
    staleTime: 30_000,
    retry: false,
  });

  // SPEC point 4: fetch the details again when the logged-in, user-saved or token flag changes.
  // Logging in changes the query's key, which fetches by itself; this covers the rest.
  const flagsSeen = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the flags are the trigger
  useEffect(() => {
    if (!flagsSeen.current) {
      flagsSeen.current = true;
      return;
    }
    if (uid === null) return;
    void queryClient.invalidateQueries(
      { queryKey: userDetailsQueryKey(uid), exact: true },
      { cancelRefetch: false },
    );
  }, [userLoggedIn, isUserSaved, isTokenCountUpdated]);

  const refreshSession = useCallback(
    () => queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 }),
    [queryClient],
  );

  const markUserSaved = useCallback(
    (user: TCurrentUser) => {
      queryClient.setQueryData(userDetailsQueryKey(user.uid), user);
      setIsUserSaved(true);
    },
    [queryClient],
  );

  const markTokensUpdated = useCallback(() => setIsTokenCountUpdated((flag) => !flag), []);

  const signOut = useCallback(async () => {
    await signOutOfIdentity();
    // The studio's draft was this user's: the next person on this browser does not see it.
    await clearStudioDraft();
    await queryClient.cancelQueries({ queryKey: ACCOUNT_QUERY_KEY });
    queryClient.removeQueries({ queryKey: ACCOUNT_QUERY_KEY });
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    setIsUserSaved(false);
  }, [queryClient]);

  const user = uid !== null ? (details.data ?? null) : null;
  const tokenCount = user ? user.numOfTokens + user.subscriptionTokens : 0;

  const value = useMemo<SessionContextValue>(() => {
    const session: Session | null =
      identityUser && uid !== null
        ? {
            uid,
            email: user?.email ?? identityUser.email,
            name: user?.name || identityUser.name,
            tokenCount,
            subscriptionStatus: user?.subscriptionStatus ?? null,
          }
        : null;
    return {
      loading: identity.isPending,
      userLoggedIn,
      isEmailVerified,
      isEmailUser: user?.provider === "email",
      isGoogleUser: user?.provider === "google",
      tokenCount,
      isTokenCountUpdated,
      isUserSaved,
      identityUser,
      user,
      userLoading: uid !== null && details.isPending,
      session,
      refreshSession,
      markUserSaved,
      markTokensUpdated,
      signOut,
    };
  }, [
    identity.isPending,
    identityUser,
    uid,
    user,
    tokenCount,
    userLoggedIn,
    isEmailVerified,
    isTokenCountUpdated,
    isUserSaved,
    details.isPending,
    refreshSession,
    markUserSaved,
    markTokensUpdated,
    signOut,
  ]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
