import type { ComponentType } from "react";

/** What a React Router `lazy` route function answers: the page to render. */
type LazyPage = () => Promise<{ Component: ComponentType }>;

/**
 * Every page but Generate (`/`, which ships with the app), each built into its own chunk and
 * fetched when first needed: by the router when it navigates there, or earlier by
 * `preloadPage` when a link to it is pointed at or focused. Keyed by the page's path.
 */
export const LAZY_PAGES = {
  "/auth/complete": () =>
    import("./pages/auth-complete-page.tsx").then((page) => ({
      Component: page.AuthCompletePage,
    })),
  "/signup": () =>
    import("./pages/signup-page.tsx").then((page) => ({ Component: page.SignupPage })),
  "/login": () => import("./pages/login-page.tsx").then((page) => ({ Component: page.LoginPage })),
  "/forgot-password": () =>
    import("./pages/forgot-password-page.tsx").then((page) => ({
      Component: page.ForgotPasswordPage,
    })),
  "/reset-password": () =>
    import("./pages/reset-password-page.tsx").then((page) => ({
      Component: page.ResetPasswordPage,
    })),
  "/pricing": () =>
    import("./pages/pricing-page.tsx").then((page) => ({ Component: page.PricingPage })),
  "/payment-success": () =>
    import("./pages/payment-success-page.tsx").then((page) => ({
      Component: page.PaymentSuccessPage,
    })),
  "/payment-cancelled": () =>
    import("./pages/payment-cancelled-page.tsx").then((page) => ({
      Component: page.PaymentCancelledPage,
    })),
  "/gallery": () =>
    import("./pages/gallery-page.tsx").then((page) => ({ Component: page.GalleryPage })),
  "/privacy": () =>
    import("./pages/privacy-page.tsx").then((page) => ({ Component: page.PrivacyPage })),
  "/terms": () => import("./pages/terms-page.tsx").then((page) => ({ Component: page.TermsPage })),
  "/contact": () =>
    import("./pages/contact-page.tsx").then((page) => ({ Component: page.ContactPage })),
  "/report": () =>
    import("./pages/report-page.tsx").then((page) => ({ Component: page.ReportPage })),
  "/settings": () =>
    import("./pages/settings-page.tsx").then((page) => ({ Component: page.SettingsPage })),
  "/dev/mailbox": () =>
    import("./pages/dev-mailbox-page.tsx").then((page) => ({ Component: page.DevMailboxPage })),
} satisfies Record<string, LazyPage>;

export type LazyPagePath = keyof typeof LAZY_PAGES;

function isLazyPagePath(path: string): path is LazyPagePath {
  return Object.hasOwn(LAZY_PAGES, path);
}

/**
 * Starts fetching the chunk of the page at `pathname`, if it is a lazy page, so that a click
 * on a link finds it loaded. The browser keeps each module once, so this never fetches twice;
 * a failure is left for the router to meet (and show) if the visitor does go there.
 */
export function preloadPage(pathname: string): void {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (isLazyPagePath(path)) LAZY_PAGES[path]().catch(() => {});
}
