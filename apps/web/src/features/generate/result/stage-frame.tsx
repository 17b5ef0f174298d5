import type { CSSProperties, ReactNode } from "react";
import { cx } from "../../../lib/cx.ts";
import type { ImageSize } from "../photo/image-checks.ts";
import { StudioSweep } from "./studio-sweep.tsx";

/** The stage takes the photo's shape within these bounds; beyond them the photo is framed. */
const MIN_RATIO = 3 / 4;
const MAX_RATIO = 16 / 9;

export function stageRatio({ width, height }: ImageSize): number {
  return Math.min(MAX_RATIO, Math.max(MIN_RATIO, width / height));
}

type StageFrameProps = {
  /** The photo's size: the stage takes its shape before the result arrives, so nothing moves. */
  size: ImageSize | null;
  /** Laid over the stage, e.g. a placeholder or a progress card. */
  overlay?: ReactNode;
  /** Drawn inside a frame of exactly the photo's shape. */
  children?: ReactNode;
  className?: string;
};

/**
 * The result's box. Without a photo it has the studio's default shape; with one, the shape of
 * the photo, so the result fills it exactly and its arrival moves nothing on the page.
 */
export function StageFrame({ size, overlay, children, className }: StageFrameProps) {
  const ratio = size ? stageRatio(size) : null;
  const fit: CSSProperties | undefined = size
    ? {
        aspectRatio: `${size.width} / ${size.height}`,
        width: `min(100cqw, calc(100cqh * ${size.width / size.height}))`,
      }
    : undefined;
  return (
    <div
      className={cx(
        "relative min-h-48 w-full min-w-0 overflow-hidden rounded-2xl border border-line bg-[#ece7df]",
        ratio === null && "aspect-square sm:aspect-[4/3] lg:aspect-[4/5]",
        className,
      )}
      style={ratio === null ? undefined : { aspectRatio: String(ratio) }}
    >
      <StudioSweep />
      {children && (
        <div className="absolute inset-0 grid place-items-center" style={{ containerType: "size" }}>
          <div className="relative" style={fit}>
            {children}
          </div>
        </div>
      )}
      {overlay}
    </div>
  );
}
