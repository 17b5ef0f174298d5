import { createBrowserRouter, type RouteObject } from "react-router";
import { AppLayout, PageLoading, RouteError } from "./features/shell/index.ts";
import { LAZY_PAGES, type LazyPagePath } from "./lazy-pages.ts";
import { GeneratePage } from "./pages/generate-page.tsx";
import { NotFoundPage } from "./pages/not-found-page.tsx";

function lazyRoute(path: LazyPagePath): RouteObject {
  return { path: path.slice(1), lazy: LAZY_PAGES[path] };
}

/** The bare sign-in popup shows nothing while its code loads; it closes itself at once. */
function BlankPage() {
  return null;
}

/**
 * Every screen of SPEC point 2, plus the reset-password and dev mailbox pages, and the bare
 * page that Google's sign-in popup returns to. Generate (`/`) and the tiny not-found page are
 * part of the app's first download; every other page is fetched when first needed
 * (lazy-pages.ts), while the current page stays on screen.
 */
export const routes: RouteObject[] = [
  { ...lazyRoute("/auth/complete"), HydrateFallback: BlankPage, errorElement: <RouteError /> },
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      {
        // A page that fails to load, or one opened directly and still loading, shows inside
        // the frame: the header and footer stay.
        HydrateFallback: PageLoading,
        errorElement: <RouteError />,
        children: [
          { index: true, element: <GeneratePage /> },
          lazyRoute("/signup"),
          lazyRoute("/login"),
          lazyRoute("/forgot-password"),
          lazyRoute("/reset-password"),
          lazyRoute("/pricing"),
          lazyRoute("/payment-success"),
          lazyRoute("/payment-cancelled"),
          lazyRoute("/gallery"),
          lazyRoute("/privacy"),
          lazyRoute("/terms"),
          lazyRoute("/contact"),
          lazyRoute("/report"),
          lazyRoute("/settings"),
          lazyRoute("/dev/mailbox"),
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
