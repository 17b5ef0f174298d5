export function OptionalTag({ id }: { id: string }) {
  return (
    <span id={id} className="text-xs font-medium text-ink-subtle">
      Optional
    </span>
  );
}
