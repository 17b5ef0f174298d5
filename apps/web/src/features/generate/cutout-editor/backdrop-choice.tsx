import { cx } from "../../../lib/cx.ts";
import { type Backdrop, CHECKERBOARD } from "./brush-settings.ts";

const COLOURS = [
  { name: "White", colour: "#ffffff" },
  { name: "Black", colour: "#111111" },
];

const swatch =
  "size-9 rounded-full ring-1 ring-line-strong transition-shadow aria-pressed:ring-2 aria-pressed:ring-accent-600 aria-pressed:ring-offset-2";

/** What shows behind the cut-out: a checkerboard, white, black, or a colour of the seller's. */
export function BackdropChoice({
  backdrop,
  onChange,
}: {
  backdrop: Backdrop;
  onChange: (backdrop: Backdrop) => void;
}) {
  const colour = backdrop.kind === "colour" ? backdrop.colour : null;
  const custom = colour !== null && !COLOURS.some((known) => known.colour === colour);
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-ink">Background</legend>
      <div className="mt-2 flex items-center gap-2.5">
        <button
          type="button"
          aria-label="Checkerboard"
          aria-pressed={backdrop.kind === "checkerboard"}
          onClick={() => onChange({ kind: "checkerboard" })}
          className={cx(swatch, CHECKERBOARD, "bg-[length:12px_12px]")}
        />
        {COLOURS.map((known) => (
          <button
            key={known.name}
            type="button"
            aria-label={known.name}
            aria-pressed={colour === known.colour}
            onClick={() => onChange({ kind: "colour", colour: known.colour })}
            style={{ backgroundColor: known.colour }}
            className={swatch}
          />
        ))}
        <label
          className={cx(
            swatch,
            "relative overflow-hidden has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-accent-600",
            custom && "ring-2 ring-accent-600 ring-offset-2",
          )}
          style={{ backgroundColor: custom ? colour : undefined }}
        >
          <span className="sr-only">Choose a colour</span>
          {!custom && (
            <span
              aria-hidden="true"
              className="absolute inset-0 bg-[conic-gradient(red,yellow,lime,cyan,blue,magenta,red)]"
            />
          )}
          <input
            type="color"
            value={colour ?? "#7c9cbf"}
            onChange={(event) => onChange({ kind: "colour", colour: event.target.value })}
            className="absolute inset-0 size-full cursor-pointer opacity-0"
          />
        </label>
      </div>
    </fieldset>
  );
}
