/** The sign-in feature's entry: the session every part reads, and the account pages' forms. */

// The session and the server's public settings, read everywhere
export { SessionProvider } from "./session-provider.tsx";
export { hasLiveSubscription, SessionContext, useSession } from "./session.ts";
export type { Session, SessionContextValue } from "./session.ts";
export type { IdentityUser } from "./identity-client.ts";
export { ACCOUNT_QUERY_KEY, SESSION_QUERY_KEY, userDetailsQueryKey } from "./session-queries.ts";
export { PUBLIC_CONFIG_QUERY_KEY, usePublicConfig } from "./hooks/use-public-config.ts";

// Log-out: its confirmation loads apart
export { ConfirmLogoutDialog } from "./components/lazy-confirm-logout-dialog.ts";
export { LOGGED_OUT_MESSAGE } from "./components/confirm-logout-dialog.tsx";

// The sign-up, log-in and password pages' parts (each page loads on its own)
export { AUTH_LINK, AuthCard } from "./components/auth-card.tsx";
export { RedirectSignedIn } from "./components/redirect-signed-in.tsx";
export { SignupForm } from "./components/signup-form.tsx";
export { LoginForm } from "./components/login-form.tsx";
export { ForgotPasswordForm } from "./components/forgot-password-form.tsx";
export { ResetPasswordForm } from "./components/reset-password-form.tsx";
export { ResetLinkProblem } from "./components/reset-link-problem.tsx";
export { PasswordInput } from "./components/password-input.tsx";
export { AuthComplete } from "./components/auth-complete.tsx";
