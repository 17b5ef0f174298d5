import { useEffect, useRef } from "react";
import { Outlet, ScrollRestoration, useLocation } from "react-router";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useSession } from "../../auth/session.ts";
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

/** SPEC "Shared frame": no page content until the session is known. */
function PageLoading() {
  return (
    <div
      role="status"
      className="flex min-h-[60vh] animate-delayed-fade-in items-center justify-center text-ink-subtle"
    >
      <Spinner className="size-6" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}

/** The frame around every page: header, main content, footer. */
export function AppLayout() {
  const mainRef = useFocusOnNavigate();
  const { loading } = useSession();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
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
