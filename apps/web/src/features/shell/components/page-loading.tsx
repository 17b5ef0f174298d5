import { Spinner } from "../../../components/ui/spinner.tsx";

/**
 * The main area while a page cannot show yet: the session is loading (SPEC "Shared frame": no
 * page content until then), or a page opened directly is still fetching its code. It fades in
 * late, so a quick answer shows nothing at all.
 */
export function PageLoading() {
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
