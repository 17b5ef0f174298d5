import { useEffect, useRef } from "react";
import { Outlet, ScrollRestoration, useLocation } from "react-router";
import { useSession } from "../../auth/index.ts";
import { NavigationProgress } from "./navigation-progress.tsx";
import { PageLoading } from "./page-loading.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";
import { SkipLink } from "./skip-link.tsx";

/** Moves focus to the new page after client-side navigation, as a full page load would. */
function useFocusOnNavigate() {
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const first = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every page change
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return mainRef;
}

/** The frame around every page: header, main content, footer. */
export function AppLayout() {
  const mainRef = useFocusOnNavigate();
  const { loading } = useSession();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <NavigationProgress />
      <SiteHeader />
      <main
        id="main"
        ref={mainRef}
        tabIndex={-1}
        aria-busy={loading || undefined}
        className="flex-1 focus:outline-none"
      >
        {loading ? <PageLoading /> : <Outlet />}
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
