import type { Aspect } from "@backdrop/shared";
import { ChevronDown } from "lucide-react";
import { useState } from "react";
import { cx } from "../../../lib/cx.ts";
import type { ImageSize } from "../photo/image-checks.ts";
import { RADIO_TRAY, RadioTile } from "./radio-tile.tsx";
import { RatioGlyph } from "./ratio-glyph.tsx";
import { type Output, type SizeChoice, sizeChoices } from "./size-choices.ts";

type SizePickerProps = {
  value: Aspect;
  onChange: (value: Aspect) => void;
  /** The picked photo's size: each choice shows what it makes of it and its price. */
  photo: ImageSize | null;
  /** The prompt asks for a white background, which the photo's own size makes square. */
  marketplace?: boolean;
};

const TITLE_ID = "studio-size-title";
const TOGGLE_ID = "studio-size-toggle";
const OPTIONS_ID = "studio-size-options";

// The {" "} between pieces laid out as blocks or flex items keep them apart in the names and
// descriptions read out, which join the pieces' text as it is.

/** Pixels and price, on separate pieces so a narrow tile wraps between them. */
function OutputDetails({ output }: { output: Output }) {
  return (
    <span className="flex flex-wrap gap-x-1 tracking-tight tabular-nums">
      <span>
        {output.width} × {output.height}
      </span>{" "}
      <span className="font-medium text-ink-soft">{output.cost} tokens</span>
    </span>
  );
}

/** The name, then the ratio with its glyph on the right. */
function ChoiceName({ choice }: { choice: SizeChoice }) {
  return (
    <span className="flex items-center gap-2">
      <span className="min-w-0 flex-1">{choice.name}</span>{" "}
      <span className="inline-flex items-center gap-1 text-xs font-medium text-ink-subtle tabular-nums">
        {choice.ratio}
        <RatioGlyph
          shape={choice.shape}
          className="-my-0.5 group-has-[:checked]/tile:text-accent-600"
        />
      </span>
    </span>
  );
}

/**
 * The output's size: the photo's own, or a preset ratio for where the picture goes. Folded
 * into one row showing the choice, so seven choices do not push Generate down; opened, they
 * are one radio group.
 */
export function SizePicker({ value, onChange, photo, marketplace = false }: SizePickerProps) {
  const [open, setOpen] = useState(false);
  const choices = sizeChoices(photo, marketplace);
  const chosen = choices.find((choice) => choice.aspect === value) ?? (choices[0] as SizeChoice);

  return (
    <div>
      <p id={TITLE_ID} className="text-sm font-semibold text-ink">
        Size
      </p>
      <div className={cx(RADIO_TRAY, "mt-2")}>
        <button
          id={TOGGLE_ID}
          type="button"
          aria-expanded={open}
          aria-controls={OPTIONS_ID}
          aria-labelledby={`${TITLE_ID} ${TOGGLE_ID}`}
          onClick={() => setOpen(!open)}
          className="flex w-full items-center gap-2.5 rounded-xl px-2 py-2 text-left transition-colors hover:bg-surface/70 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
        >
          <RatioGlyph shape={chosen.shape} className="text-accent-600" />
          <span className="min-w-0 flex-1">
            <span className="block text-sm font-semibold text-ink">
              {chosen.name}{" "}
              {chosen.ratio && (
                <span className="font-medium text-ink-subtle">· {chosen.ratio}</span>
              )}
            </span>{" "}
            <span className="block text-xs text-ink-muted">
              {chosen.output ? <OutputDetails output={chosen.output} /> : chosen.use}
            </span>
          </span>{" "}
          <span className="inline-flex shrink-0 items-center gap-1 text-xs font-semibold text-ink-muted">
            {open ? "Done" : "Change"}
            <ChevronDown
              aria-hidden="true"
              className={cx("size-4 transition-transform", open && "rotate-180")}
            />
          </span>
        </button>
        <fieldset id={OPTIONS_ID} hidden={!open} className="mt-1">
          <legend className="sr-only">Size</legend>
          <div className="grid grid-cols-2 gap-1">
            {choices.map((choice) => (
              <RadioTile
                key={choice.aspect}
                group="size"
                value={choice.aspect}
                checked={value === choice.aspect}
                onSelect={() => onChange(choice.aspect)}
                label={<ChoiceName choice={choice} />}
                description={
                  <>
                    <span className="block">{choice.use}</span>{" "}
                    {choice.output && <OutputDetails output={choice.output} />}
                  </>
                }
                className={choice.aspect === "original" ? "col-span-2" : undefined}
              />
            ))}
          </div>
          {!photo && (
            <p className="px-2 pt-1.5 pb-1 text-xs text-ink-subtle">
              Pick a photo to see each size in pixels and its price.
            </p>
          )}
        </fieldset>
      </div>
    </div>
  );
}
