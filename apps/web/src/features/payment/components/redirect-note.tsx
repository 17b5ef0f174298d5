import { Link } from "react-router";

/** The visible side of the 3 s redirect, with a way not to wait. */
export function RedirectNote({ remaining }: { remaining: number }) {
  return (
    <p className="mt-4 text-sm text-ink-subtle" aria-live="polite">
      Taking you to the studio in {remaining} {remaining === 1 ? "second" : "seconds"}.{" "}
      <Link
        to="/"
        replace
        className="font-semibold text-accent-600 underline underline-offset-4 hover:text-accent-700"
      >
        Go now
      </Link>
    </p>
  );
}
