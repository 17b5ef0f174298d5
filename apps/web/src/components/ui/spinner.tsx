import { LoaderCircle } from "lucide-react";
import { cx } from "../../lib/cx.ts";

export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cx("animate-spin", className)} />;
}
