import { ChevronsLeftRight } from "lucide-react";
import { useState } from "react";
import { cx } from "../../../lib/cx.ts";

type BeforeAfterProps = {
  beforeUrl: string;
  afterUrl: string;
  afterAlt: string;
  /** The images' shape, as attributes: the browser lays them out before their bytes arrive. */
  size: { width: number; height: number };
  /** The result could not be shown. */
  onAfterError: () => void;
  onAfterLoad?: (size: { width: number; height: number }) => void;
  /** The original could not be shown. */
  onBeforeError?: () => void;
};

const chip =
  "pointer-events-none absolute top-3 rounded-full bg-ink/70 px-2.5 py-1 text-xs font-semibold text-white backdrop-blur-sm transition-opacity duration-150";

/**
 * The original over the result, cut at the slider: a native range input drives the cut, so
 * dragging, clicking, touch and the arrow keys all work and assistive tech reads a value.
 */
export function BeforeAfter({
  beforeUrl,
  afterUrl,
  afterAlt,
  size,
  onAfterError,
  onAfterLoad,
  onBeforeError,
}: BeforeAfterProps) {
  const [position, setPosition] = useState(50);
  return (
    <div className="relative size-full select-none">
      <img
        src={afterUrl}
        alt={afterAlt}
        width={size.width}
        height={size.height}
        // The result is what the seller waits for: first in line, decoded off the main thread.
        fetchPriority="high"
        decoding="async"
        onError={onAfterError}
        onLoad={(event) =>
          onAfterLoad?.({
            width: event.currentTarget.naturalWidth,
            height: event.currentTarget.naturalHeight,
          })
        }
        draggable={false}
        className="absolute inset-0 size-full object-contain"
      />
      {/* In the result's frame: an original of other proportions shows whole on a mat, never
          stretched, and never with the result showing around it on the original's side. */}
      <img
        src={beforeUrl}
        alt=""
        aria-hidden="true"
        width={size.width}
        height={size.height}
        decoding="async"
        onError={onBeforeError}
        draggable={false}
        className="absolute inset-0 size-full bg-[#ece7df] object-contain"
        style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}
      />
      <span className={cx(chip, "left-3", position < 26 && "opacity-0")}>Original</span>
      <span className={cx(chip, "right-3", position > 74 && "opacity-0")}>Result</span>
      <input
        type="range"
        min={0}
        max={100}
        step={1}
        value={position}
        onChange={(event) => setPosition(Number(event.target.value))}
        aria-label="Compare with the original"
        aria-valuetext={`${position}% original, ${100 - position}% result`}
        className="peer absolute inset-0 z-10 size-full cursor-ew-resize appearance-none opacity-0 [&::-moz-range-thumb]:size-px [&::-webkit-slider-thumb]:size-px [&::-webkit-slider-thumb]:appearance-none"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 w-0.5 -translate-x-1/2 bg-white shadow-[0_0_0_1px_rgb(23_20_15/0.15)]"
        style={{ left: `${position}%` }}
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 inline-flex size-10 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-white text-ink shadow-pop ring-1 ring-black/10 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent-600"
        style={{ left: `${position}%` }}
      >
        <ChevronsLeftRight className="size-5" />
      </span>
    </div>
  );
}
