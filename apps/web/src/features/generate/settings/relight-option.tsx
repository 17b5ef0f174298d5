type RelightOptionProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
};

/**
 * "Let the model relight the product", off by default: off, the product's own pixels are put
 * back over the model's picture; on, the model may change its colours to match the scene.
 */
export function RelightOption({ checked, onChange }: RelightOptionProps) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-2xl border border-line bg-surface px-3.5 py-3 transition-colors hover:border-ink/20 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-600">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby="relight-description"
        className="mt-0.5 size-4 shrink-0 cursor-pointer accent-accent-600"
      />
      <span className="min-w-0">
        <span className="block text-sm font-semibold text-ink">
          Let the model relight the product
        </span>
        <span id="relight-description" className="mt-0.5 block text-xs text-ink-muted">
          {checked
            ? "The AI redraws your product in the scene's light: its colours and label may change."
            : "Off: your product keeps its own pixels, exactly as photographed."}
        </span>
      </span>
    </label>
  );
}
