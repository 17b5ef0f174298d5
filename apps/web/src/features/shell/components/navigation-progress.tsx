import { useNavigation } from "react-router";

/**
 * A thin bar along the top of the window while the router fetches the next page's code; the
 * current page stays in place meanwhile. It fades in late, so a preloaded or quick page never
 * shows it.
 */
export function NavigationProgress() {
  const { state } = useNavigation();
  if (state !== "loading") return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading the page"
      className="fixed inset-x-0 top-0 z-50 h-0.5 animate-delayed-fade-in overflow-hidden bg-accent-100"
    >
      <div className="h-full w-1/3 animate-page-progress rounded-full bg-accent-500 motion-reduce:w-full motion-reduce:animate-none" />
    </div>
  );
}
