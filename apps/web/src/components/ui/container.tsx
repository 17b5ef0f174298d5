import type { HTMLAttributes } from "react";
import { cx } from "../../lib/cx.ts";

type ContainerWidth = "narrow" | "prose" | "wide";

const widths: Record<ContainerWidth, string> = {
  narrow: "max-w-xl",
  prose: "max-w-4xl",
  wide: "max-w-6xl",
};

export function Container({
  width = "wide",
  className,
  ...rest
}: HTMLAttributes<HTMLDivElement> & { width?: ContainerWidth }) {
  return (
    <div
      className={cx("mx-auto w-full px-4 sm:px-6 lg:px-8", widths[width], className)}
      {...rest}
    />
  );
}
