import { cx } from "../../../lib/cx.ts";
import { formatNumber } from "../../../lib/format.ts";

export function CharacterCount({ id, length, max }: { id: string; length: number; max: number }) {
  return (
    <p
      id={id}
      className={cx(
        "text-xs tabular-nums",
        length >= max ? "font-semibold text-danger-600" : "text-ink-subtle",
      )}
    >
      {formatNumber(length)} / {formatNumber(max)}
      <span className="sr-only"> characters</span>
    </p>
  );
}
