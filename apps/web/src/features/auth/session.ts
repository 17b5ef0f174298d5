import type { TCurrentUser } from "@backdrop/shared";
import { createContext, useContext } from "react";
import type { IdentityUser } from "./identity-client.ts";

/** What the frame needs to know about a logged-in visitor. */
export type Session = {
  uid: string;
  email: string;
  name: string;
  /** numOfTokens + subscriptionTokens */
  tokenCount: number;
  subscriptionStatus: string | null;
};

/**
 * SPEC point 3 "Shared session state", the account half of it (the studio keeps the image
 * record, result, preview and prompt). Flag names follow the spec.
 */
export type SessionState = {
  /** The identity session is still being read: render no page content yet. */
  loading: boolean;
  /** A user with a verified e-mail; an unverified one counts as logged out (SPEC point 4). */
  userLoggedIn: boolean;
  isEmailVerified: boolean;
  isEmailUser: boolean;
  isGoogleUser: boolean;
  tokenCount: number;
  /** Flips whenever tokens were spent or bought, which fetches the user's details again. */
  isTokenCountUpdated: boolean;
  /** Set once save-user has answered in this page session. */
  isUserSaved: boolean;
  /** The identity service's user, verified or not. */
  identityUser: IdentityUser | null;
  /** The product server's details of the logged-in user, once fetched. */
  user: TCurrentUser | null;
  /** The details of a logged-in user are on their way for the first time. */
  userLoading: boolean;
  /** The frame's view of the user: null unless logged in. */
  session: Session | null;
};

export type SessionActions = {
  /** Reads the identity session again, e.g. after signing in; resolves with its user. */
  refreshSession(): Promise<IdentityUser | null>;
  /** Records save-user's answer and raises the user-saved flag. */
  markUserSaved(user: TCurrentUser): void;
  /** For features that spend or add tokens: fetches the balance again. */
  markTokensUpdated(): void;
  /** Ends the session on the server and forgets the user here. */
  signOut(): Promise<void>;
};

export type SessionContextValue = SessionState & SessionActions;

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession() needs a SessionProvider above it");
  return value;
}

/** SPEC point 3: only "active" and "canceling" count as a live subscription. */
export function hasLiveSubscription(session: Session | null): boolean {
  return session?.subscriptionStatus === "active" || session?.subscriptionStatus === "canceling";
}
