import type { TFidelity } from "@backdrop/shared";
import { ScanEye, ShieldCheck, TriangleAlert } from "lucide-react";
import { cx } from "../../../lib/cx.ts";
import { fidelityWords } from "./fidelity-words.ts";
import type { ShownKind } from "./shown-image.ts";

type FidelityBadgeProps = {
  fidelity: TFidelity;
  shown: ShownKind;
  /** Whether the stage shows the difference map instead of the picture. */
  showingDifference: boolean;
  onToggleDifference: () => void;
};

/**
 * "Product unchanged — 99.8% of pixels within ΔE 2": how much of the product in the result is
 * the photo's own, measured over its inside, with a button that shows where it differs.
 */
export function FidelityBadge({
  fidelity,
  shown,
  showingDifference,
  onToggleDifference,
}: FidelityBadgeProps) {
  const words = fidelityWords(fidelity, shown);
  const Icon = words.unchanged ? ShieldCheck : TriangleAlert;
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <div className="flex flex-wrap items-center gap-2">
        <span
          className={cx(
            "inline-flex min-w-0 items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold",
            words.unchanged
              ? "border-success-600/25 bg-success-50 text-success-700"
              : "border-warning-600/25 bg-warning-50 text-warning-800",
          )}
          title={`Mean colour difference ΔE ${fidelity.meanDeltaE.toFixed(2)} (CIEDE2000); under 2 is hard to see.`}
        >
          <Icon aria-hidden="true" className="size-3.5 shrink-0" />
          <span>{words.headline}</span>
        </span>
        {fidelity.differenceUrl && (
          <button
            type="button"
            aria-pressed={showingDifference}
            onClick={onToggleDifference}
            className="inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold text-accent-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
          >
            <ScanEye aria-hidden="true" className="size-3.5" />
            {showingDifference ? "Hide difference" : "See difference"}
          </button>
        )}
      </div>
      {words.note && <p className="text-xs text-ink-muted">{words.note}</p>}
    </div>
  );
}

/** The map of where the product differs, with what its colours mean. */
export function DifferenceMap({ url }: { url: string }) {
  return (
    <figure className="absolute inset-0 flex flex-col bg-ink">
      <img
        src={url}
        alt="Where the product differs from your photo: green unchanged, amber slightly, red clearly"
        className="min-h-0 w-full flex-1 object-contain"
      />
      <figcaption className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1 bg-ink/90 px-3 py-2 text-[11px] font-medium text-white">
        <Legend colour="bg-[#2ecc71]">Within ΔE 2</Legend>
        <Legend colour="bg-[#f1b024]">ΔE 2–5</Legend>
        <Legend colour="bg-[#e73c3c]">Over ΔE 5</Legend>
        <span className="text-white/70">Grey: not the product</span>
      </figcaption>
    </figure>
  );
}

function Legend({ colour, children }: { colour: string; children: string }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span aria-hidden="true" className={cx("size-2.5 rounded-full", colour)} />
      {children}
    </span>
  );
}
