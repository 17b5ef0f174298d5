import { cx } from "../../../lib/cx.ts";
import { RADIO_TRAY, RadioTile } from "./radio-tile.tsx";
import { TAKE_COUNTS } from "./takes.ts";

type TakesPickerProps = {
  value: number;
  onChange: (value: number) => void;
};

const HINT_ID = "studio-takes-hint";

/** How many takes of the photo Generate makes, to pick the best of them afterwards. */
export function TakesPicker({ value, onChange }: TakesPickerProps) {
  return (
    <fieldset aria-describedby={HINT_ID}>
      <legend className="text-sm font-semibold text-ink">Takes</legend>
      <div className={cx(RADIO_TRAY, "mt-2 grid grid-cols-4 gap-1")}>
        {TAKE_COUNTS.map((count) => (
          <RadioTile
            key={count}
            group="takes"
            value={String(count)}
            checked={value === count}
            onSelect={() => onChange(count)}
            label={
              <>
                {count} <span className="sr-only">{count === 1 ? "take" : "takes"}</span>
              </>
            }
            className="text-center tabular-nums"
          />
        ))}
      </div>
      <p id={HINT_ID} className="mt-1.5 text-xs text-ink-muted">
        Several takes of the same scene to choose from, each priced as one photo.
      </p>
    </fieldset>
  );
}
