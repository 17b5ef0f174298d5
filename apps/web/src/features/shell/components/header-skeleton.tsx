/**
 * Stands in for the links while the session loads, so they appear in place rather than
 * change after a moment. It fades in late: a quick answer never shows it at all.
 */
export function HeaderSkeleton() {
  const bar = "h-9 animate-pulse rounded-full bg-sunken";
  return (
    <div aria-hidden="true" className="flex animate-delayed-fade-in items-center gap-3">
      <div className="hidden items-center gap-2 md:flex">
        <span className={`${bar} w-22`} />
        <span className={`${bar} w-18`} />
        <span className={`${bar} w-20`} />
      </div>
      <span className={`${bar} hidden w-18 md:block`} />
      <span className="size-11 animate-pulse rounded-full bg-sunken md:hidden" />
    </div>
  );
}
