import { fidelityPercent, type TFidelity } from "@backdrop/shared";
import type { ShownKind } from "./shown-image.ts";

/** At or above this share within ΔE 2 the product is called unchanged. */
const UNCHANGED_SHARE = 0.99;

export type FidelityWords = {
  /** The badge's first words. */
  title: string;
  /**
   * What the badge says: the title with its figure, or for a light-matched product the title
   * alone, in plain words, its figure told in the note.
   */
  headline: string;
  /** "99.8% of pixels within ΔE 2". */
  figure: string;
  /** Whether the product is its photo's own, as far as anyone could see. */
  unchanged: boolean;
  /** Why it changed, when the product did not keep its pixels on purpose. */
  note: string | null;
};

const TITLES: Record<TFidelity["kept"], string> = {
  original: "Product kept",
  "light-matched": "Colours adjusted to the scene's light",
  redrawn: "Product redrawn",
  retouched: "Product retouched",
  upscaled: "Product upscaled",
};

/** What the studio's badge says about a result's product (issue 15, point 4). */
export function fidelityWords(fidelity: TFidelity, shown: ShownKind): FidelityWords {
  const unchanged = fidelity.withinDeltaE2 >= UNCHANGED_SHARE;
  const title = unchanged ? "Product unchanged" : TITLES[fidelity.kept];
  const figure = `${fidelityPercent(fidelity.withinDeltaE2)} of pixels within ΔE 2`;
  let note: string | null = null;
  if (fidelity.kept === "redrawn") {
    note =
      shown === "edited"
        ? "This edit asked to change the product itself, so its original pixels were not put back."
        : "You let the model relight the product, so its original pixels were not put back.";
  }
  const adjusted = fidelity.kept === "light-matched" && !unchanged;
  if (adjusted) {
    note = `Leaned toward the scene's light within set bounds: ${figure}.`;
  }
  const headline = adjusted ? title : `${title} — ${figure}`;
  return { title, headline, figure, unchanged, note };
}
