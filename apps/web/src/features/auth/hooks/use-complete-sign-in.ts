import { displayNameFor, type TUserProvider } from "@backdrop/shared";
import { useCallback } from "react";
import { saveUser } from "../api.ts";
import type { IdentityUser } from "../identity-client.ts";
import { useSession } from "../session.ts";

/**
 * The last steps of a sign-in, once the session cookie is set: save the user on the
 * product server (SPEC point 3's payload; the profile exists already, so this is a
 * harmless upsert that a failure does not stop), then read the session again, which
 * makes the visitor logged in and lets the page move on. Resolves to whether this was the
 * user's first sign-in, or null when the server could not say.
 */
export function useCompleteSignIn() {
  const { markUserSaved, refreshSession } = useSession();
  return useCallback(
    async (user: IdentityUser, provider: TUserProvider): Promise<boolean | null> => {
      let firstSignIn: boolean | null = null;
      try {
        const { firstSignIn: first, ...saved } = await saveUser({
          uid: user.id,
          email: user.email,
          name: displayNameFor(user.name, user.email),
          provider,
        });
        markUserSaved(saved);
        firstSignIn = first;
      } catch (error) {
        console.error("Could not save the user", error);
      }
      await refreshSession();
      return firstSignIn;
    },
    [markUserSaved, refreshSession],
  );
}
