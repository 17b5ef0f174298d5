import { SquareDashedMousePointer } from "lucide-react";
import { cx } from "../../../lib/cx.ts";
import { LazyCutoutEditor } from "./lazy-cutout-editor.ts";

/** Opens the cut-out editor, once the upload's cut-out is ready; fetched ahead on hover or focus. */
export function RefineCutoutButton({ enabled, onOpen }: { enabled: boolean; onOpen: () => void }) {
  return (
    <button
      type="button"
      disabled={!enabled}
      title={enabled ? undefined : "Available once the subject is ready"}
      onPointerEnter={LazyCutoutEditor.preload}
      onFocus={LazyCutoutEditor.preload}
      onClick={onOpen}
      className={cx(
        "absolute top-3 right-3 z-10 inline-flex h-8 items-center gap-1.5 rounded-full bg-surface/95 px-3 text-xs font-semibold shadow-card ring-1 ring-line backdrop-blur [&_svg]:size-3.5",
        enabled ? "text-ink hover:bg-sunken" : "cursor-not-allowed text-ink-subtle",
      )}
    >
      <SquareDashedMousePointer aria-hidden="true" />
      Refine cut-out
    </button>
  );
}
