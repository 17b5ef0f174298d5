import { Check } from "lucide-react";
import { FormAlert } from "../../../components/ui/field.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { cx } from "../../../lib/cx.ts";
import { thumbnailUrl } from "../../../lib/image-urls.ts";
import type { Variation } from "../generation/use-generation.ts";
import type { ImageSize } from "../photo/image-checks.ts";
import type { VariationChoiceState } from "./use-variation-choice.ts";

type VariationStripProps = {
  variations: Variation[];
  /** The take the result shows: the record's processed image. */
  chosenUrl: string;
  /** The takes' shape, so the strip does not move as the thumbnails load. */
  size: ImageSize;
  choice: VariationChoiceState;
  /** An upscale or an AI edit works on the chosen take: no other can be chosen meanwhile. */
  locked: boolean;
  onChoose: (index: number) => void;
};

const TITLE_ID = "studio-takes-title";

/** Thumbnails keep the takes' shape within these bounds: a tall story is cropped, not towering. */
const THUMB_RATIO = { min: 3 / 4, max: 16 / 9 };

/**
 * The takes of a generation as a row of thumbnails, the chosen one ringed. Buttons, not
 * radios: choosing asks the server, so the arrow keys should not choose as they pass.
 */
export function VariationStrip({
  variations,
  chosenUrl,
  size,
  choice,
  locked,
  onChoose,
}: VariationStripProps) {
  const disabled = locked || choice.choosing !== null;
  const ratio = Math.min(Math.max(size.width / size.height, THUMB_RATIO.min), THUMB_RATIO.max);
  return (
    <div className="mt-4">
      <p id={TITLE_ID} className="text-xs font-semibold text-ink">
        Takes{" "}
        <span className="font-normal text-ink-subtle">
          · choose the one to download, upscale or edit
        </span>
      </p>
      <ul
        aria-labelledby={TITLE_ID}
        aria-busy={choice.choosing !== null}
        // A phone scrolls the row, a sliver of the fourth take showing there is more; wider,
        // a column for each take the server can make.
        className="-mx-1 mt-2 flex gap-2.5 overflow-x-auto p-1 sm:grid sm:grid-cols-4"
      >
        {variations.map((take, index) => {
          const chosen = take.url === chosenUrl;
          const choosing = choice.choosing === index;
          return (
            <li key={take.url} className="w-[27%] shrink-0 sm:w-auto">
              <button
                type="button"
                aria-pressed={chosen}
                aria-label={`Take ${index + 1}`}
                disabled={disabled}
                onClick={() => !chosen && onChoose(index)}
                style={{ aspectRatio: ratio }}
                className={cx(
                  "relative block w-full overflow-hidden rounded-xl bg-sunken ring-1 ring-line transition",
                  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600",
                  "enabled:not-aria-pressed:hover:ring-line-strong disabled:cursor-not-allowed",
                  "aria-pressed:ring-2 aria-pressed:ring-accent-600",
                  disabled && !chosen && !choosing && "opacity-60",
                )}
              >
                <img
                  src={thumbnailUrl(take.url)}
                  alt=""
                  className="size-full object-cover"
                  loading="lazy"
                />
                <span className="absolute bottom-1 left-1 rounded-md bg-ink/70 px-1.5 text-[0.6875rem] font-semibold text-white tabular-nums">
                  {index + 1}
                </span>
                {chosen && (
                  <span className="absolute top-1 right-1 inline-flex items-center gap-0.5 rounded-full bg-accent-600 py-0.5 pr-1.5 pl-1 text-[0.6875rem] font-semibold text-white">
                    <Check aria-hidden="true" className="size-3" strokeWidth={3} />
                    Chosen
                  </span>
                )}
                {choosing && (
                  <span className="absolute inset-0 flex items-center justify-center bg-surface/60">
                    <Spinner className="size-5 text-ink" />
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      <div className="has-[p]:mt-2">
        <FormAlert id="studio-choose-error" message={choice.error} />
      </div>
    </div>
  );
}
