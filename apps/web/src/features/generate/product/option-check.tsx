type OptionCheckProps = {
  /** Names the label's and the description's elements. */
  id: string;
  label: string;
  description: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** `switch` for an option that turns something on or off at once. */
  role?: "switch";
};

/** A choice the seller ticks: a real checkbox, named by its label and described beneath it. */
export function OptionCheck({ id, label, description, checked, onChange, role }: OptionCheckProps) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-2xl border border-line bg-surface px-3.5 py-3 transition-colors hover:border-ink/20 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-600">
      <input
        type="checkbox"
        role={role}
        checked={checked}
        aria-checked={role ? checked : undefined}
        onChange={(event) => onChange(event.target.checked)}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-description`}
        className="mt-0.5 size-4 shrink-0 cursor-pointer accent-accent-600"
      />
      <span className="min-w-0">
        <span id={`${id}-label`} className="block text-sm font-semibold text-ink">
          {label}
        </span>
        <span id={`${id}-description`} className="mt-0.5 block text-xs text-ink-muted">
          {description}
        </span>
      </span>
    </label>
  );
}
