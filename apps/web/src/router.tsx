import { createBrowserRouter, type RouteObject } from "react-router";
import { AppLayout } from "./features/shell/components/app-layout.tsx";
import { AuthCompletePage } from "./pages/auth-complete-page.tsx";
import { ContactPage } from "./pages/contact-page.tsx";
import { DevMailboxPage } from "./pages/dev-mailbox-page.tsx";
import { ForgotPasswordPage } from "./pages/forgot-password-page.tsx";
import { GalleryPage } from "./pages/gallery-page.tsx";
import { GeneratePage } from "./pages/generate-page.tsx";
import { LoginPage } from "./pages/login-page.tsx";
import { NotFoundPage } from "./pages/not-found-page.tsx";
import { PaymentCancelledPage } from "./pages/payment-cancelled-page.tsx";
import { PaymentSuccessPage } from "./pages/payment-success-page.tsx";
import { PricingPage } from "./pages/pricing-page.tsx";
import { PrivacyPage } from "./pages/privacy-page.tsx";
import { ReportPage } from "./pages/report-page.tsx";
import { ResetPasswordPage } from "./pages/reset-password-page.tsx";
import { SignupPage } from "./pages/signup-page.tsx";
import { TermsPage } from "./pages/terms-page.tsx";

/**
 * Every screen of SPEC point 2, plus the reset-password and dev mailbox pages, and the bare
 * page that Google's sign-in popup returns to.
 */
export const routes: RouteObject[] = [
  { path: "auth/complete", element: <AuthCompletePage /> },
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <GeneratePage /> },
      { path: "signup", element: <SignupPage /> },
      { path: "login", element: <LoginPage /> },
      { path: "forgot-password", element: <ForgotPasswordPage /> },
      { path: "reset-password", element: <ResetPasswordPage /> },
      { path: "pricing", element: <PricingPage /> },
      { path: "payment-success", element: <PaymentSuccessPage /> },
      { path: "payment-cancelled", element: <PaymentCancelledPage /> },
      { path: "gallery", element: <GalleryPage /> },
      { path: "privacy", element: <PrivacyPage /> },
      { path: "terms", element: <TermsPage /> },
      { path: "contact", element: <ContactPage /> },
      { path: "report", element: <ReportPage /> },
      { path: "dev/mailbox", element: <DevMailboxPage /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
