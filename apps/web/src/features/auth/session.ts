/** What the interface needs to know about a signed-in visitor (SPEC point 3). */
export type Session = {
  email: string;
  name: string;
  /** numOfTokens + subscriptionTokens */
  tokenCount: number;
  subscriptionStatus: string | null;
};

export type SessionState =
  | { status: "loading" }
  | { status: "anonymous" }
  | { status: "signed-in"; session: Session };

const ANONYMOUS: SessionState = { status: "anonymous" };

/**
 * Accounts arrive with the identity service in a later issue. Until then there is no way to
 * sign in, so every visitor is anonymous; this hook is the seam that work will fill.
 */
export function useSession(): SessionState {
  return ANONYMOUS;
}

export function sessionOf(state: SessionState): Session | null {
  return state.status === "signed-in" ? state.session : null;
}

/** SPEC point 3: only "active" and "canceling" count as a live subscription. */
export function hasLiveSubscription(session: Session | null): boolean {
  return session?.subscriptionStatus === "active" || session?.subscriptionStatus === "canceling";
}
