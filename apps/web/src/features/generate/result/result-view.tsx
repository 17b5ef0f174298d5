import { GENERATION_MESSAGES } from "@backdrop/shared";
import { ImageOff } from "lucide-react";
import { useState } from "react";
import { Badge } from "../../../components/ui/badge.tsx";
import { FormAlert } from "../../../components/ui/field.tsx";
import { displayCopyOf } from "../../../lib/display-copies.ts";
import type { EditProblem } from "../../editor/index.ts";
import { EditUpgradeAlert } from "../../editor/index.ts";
import type { GenerationResult } from "../generation/use-generation.ts";
import type { ImageSize } from "../photo/image-checks.ts";
import { JobProgress } from "../progress/job-progress.tsx";
import { ResultActions } from "../result-tools/result-actions.tsx";
import type { UpscaleState } from "../result-tools/use-upscale.ts";
import type { VariationChoiceState } from "../result-tools/use-variation-choice.ts";
import { VariationStrip } from "../result-tools/variation-strip.tsx";
import { BeforeAfter } from "./before-after.tsx";
import { DifferenceMap, FidelityBadge } from "./fidelity-badge.tsx";
import type { ShownImage } from "./shown-image.ts";
import { StageFrame } from "./stage-frame.tsx";
import { useShownFidelity } from "./use-shown-fidelity.ts";

export type ResultViewProps = {
  result: GenerationResult;
  shown: ShownImage;
  upscale: UpscaleState;
  editing: boolean;
  /** Why "Edit with AI" did not open the editor: the plan has no AI edits. */
  editProblem: EditProblem | null;
  onDownload: () => Promise<unknown>;
  /** Saves the result's transparent PNG of the subject. */
  onDownloadCutout: () => Promise<unknown>;
  onUpscale: () => void;
  onRevertUpscale: () => void;
  onEdit: () => void;
  /** Picking another of the generation's takes, when it made several. */
  variationChoice: VariationChoiceState;
  onChooseTake: (index: number) => void;
};

const KIND_BADGE = { generated: null, upscaled: "Upscaled 2x", edited: "Edited with AI" } as const;

/** The finished image over its original, its size, and what can be done with it next. */
export function ResultView({
  result,
  shown,
  upscale,
  editing,
  editProblem,
  onDownload,
  onDownloadCutout,
  onUpscale,
  onRevertUpscale,
  onEdit,
  variationChoice,
  onChooseTake,
}: ResultViewProps) {
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  // Images whose display copy did not load: shown in full instead.
  const [inFull, setInFull] = useState<ReadonlySet<string>>(new Set());
  const [loaded, setLoaded] = useState<{ url: string; size: ImageSize } | null>(null);
  const [downloading, setDownloading] = useState<"result" | "cutout" | null>(null);
  const [differenceOf, setDifferenceOf] = useState<string | null>(null);
  const fidelity = useShownFidelity(result.recordId, shown.url);
  const differenceUrl = differenceOf === shown.url ? fidelity?.differenceUrl : null;
  const broken = brokenUrl === shown.url;
  // The stage shows display copies (sized for the screen); downloads take the images themselves.
  const after = inFull.has(shown.url) ? { url: shown.url, size: null } : displayCopyOf(shown.url);
  const before = inFull.has(result.originalUrl)
    ? result.originalUrl
    : displayCopyOf(result.originalUrl).url;
  const showInFull = (url: string) => setInFull((urls) => new Set(urls).add(url));
  // The image's own size: as its record gave it, else its pixels once loaded in full (a record
  // opened from the gallery knows only its upload's size, which a size preset does not keep).
  const size = after.size ?? (loaded?.url === shown.url ? loaded.size : null);
  const badge = KIND_BADGE[shown.kind];

  const download = async (which: "result" | "cutout") => {
    setDownloading(which);
    try {
      await (which === "result" ? onDownload() : onDownloadCutout());
    } finally {
      setDownloading(null);
    }
  };

  return (
    <>
      <StageFrame
        size={size ?? result}
        overlay={
          upscale.status === "running" && (
            <div className="absolute inset-x-3 bottom-3 z-20 sm:inset-x-4 sm:bottom-4">
              <JobProgress
                job="Upscale"
                kind="upscale"
                megapixels={((size ?? result).width * (size ?? result).height) / 1_000_000}
                stage={upscale.stage}
                progress={upscale.progress}
                startedAt={upscale.startedAt}
              />
            </div>
          )
        }
      >
        {broken ? (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-surface/85 p-6 text-center">
            <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-danger-50 text-danger-600 ring-1 ring-danger-600/15">
              <ImageOff aria-hidden="true" className="size-6" />
            </span>
            <p role="alert" className="text-sm font-semibold text-danger-600">
              {GENERATION_MESSAGES.imageLoadFailed}
            </p>
          </div>
        ) : differenceUrl ? (
          <DifferenceMap url={differenceUrl} />
        ) : (
          <BeforeAfter
            key={shown.url}
            beforeUrl={before}
            afterUrl={after.url}
            afterAlt={`Your photo with the new background: ${result.prompt}`}
            size={size ?? result}
            onAfterError={() =>
              after.url === shown.url ? setBrokenUrl(shown.url) : showInFull(shown.url)
            }
            onAfterLoad={(natural) => {
              if (after.url === shown.url) setLoaded({ url: shown.url, size: natural });
            }}
            onBeforeError={() => {
              if (before !== result.originalUrl) showInFull(result.originalUrl);
            }}
          />
        )}
      </StageFrame>
      <div className="mt-3 flex min-h-7 flex-wrap items-center gap-2 text-xs text-ink-subtle">
        <span className="font-medium tabular-nums">
          {size ? `${size.width} × ${size.height} px` : `${result.width} × ${result.height} px`}
        </span>
        {badge && <Badge tone="accent">{badge}</Badge>}
        <span className="min-w-0 flex-1 truncate pr-1 text-right italic" title={result.prompt}>
          “{result.prompt}”
        </span>
      </div>
      {fidelity && (
        <div className="mt-2">
          <FidelityBadge
            fidelity={fidelity}
            shown={shown.kind}
            showingDifference={Boolean(differenceUrl)}
            onToggleDifference={() => setDifferenceOf(differenceUrl ? null : shown.url)}
          />
        </div>
      )}
      {result.variations.length > 1 && (
        <VariationStrip
          variations={result.variations}
          chosenUrl={result.imageUrl}
          size={result}
          choice={variationChoice}
          locked={upscale.status === "running" || editing}
          onChoose={onChooseTake}
        />
      )}
      <ResultActions
        shown={shown}
        hasCutout={result.cutoutUrl !== null}
        downloading={downloading === "result"}
        downloadingCutout={downloading === "cutout"}
        upscaling={upscale.status === "running"}
        editing={editing}
        onDownload={() => void download("result")}
        onDownloadCutout={() => void download("cutout")}
        onUpscale={onUpscale}
        onRevertUpscale={onRevertUpscale}
        onEdit={onEdit}
      />
      <div className="has-[p]:mt-3">
        <EditUpgradeAlert id="studio-edit-alert" problem={editProblem} />
      </div>
      <div className="has-[p]:mt-3">
        <FormAlert
          id="studio-upscale-error"
          message={upscale.status === "failed" ? upscale.message : null}
        />
      </div>
    </>
  );
}
