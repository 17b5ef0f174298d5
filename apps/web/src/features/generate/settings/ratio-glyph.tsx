import type { CSSProperties } from "react";
import { cx } from "../../../lib/cx.ts";
import type { ImageSize } from "../photo/image-checks.ts";

const LONG_SIDE_PX = 16;
const SHORT_SIDE_MIN_PX = 6;

/** A small rectangle drawn at a ratio; dashed when the proportions are not known yet. */
export function RatioGlyph({ shape, className }: { shape: ImageSize | null; className?: string }) {
  const short = (a: number, b: number) =>
    Math.max(SHORT_SIDE_MIN_PX, Math.round((LONG_SIDE_PX * a) / b));
  const box: CSSProperties = !shape
    ? { width: LONG_SIDE_PX - 2, height: LONG_SIDE_PX - 2 }
    : shape.width >= shape.height
      ? { width: LONG_SIDE_PX, height: short(shape.height, shape.width) }
      : { width: short(shape.width, shape.height), height: LONG_SIDE_PX };
  return (
    <span
      aria-hidden="true"
      className={cx("inline-flex size-5 shrink-0 items-center justify-center", className)}
    >
      <span
        className={cx("rounded-[3px] border-[1.5px] border-current", !shape && "border-dashed")}
        style={box}
      />
    </span>
  );
}
