export function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-xs font-semibold tracking-wide text-ink-subtle uppercase">
      <span aria-hidden="true" className="h-px flex-1 bg-line" />
      or
      <span aria-hidden="true" className="h-px flex-1 bg-line" />
    </div>
  );
}
