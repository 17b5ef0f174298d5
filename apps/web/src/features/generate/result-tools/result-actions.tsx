import { Download, Undo2, WandSparkles, ZoomIn } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import type { ShownImage } from "../result/shown-image.ts";
import { EDIT_COST, UPSCALE_COST } from "../settings/token-cost.ts";

type ResultActionsProps = {
  shown: ShownImage;
  /** The subject alone on a transparent background can be downloaded too. */
  hasCutout: boolean;
  downloading: boolean;
  downloadingCutout: boolean;
  upscaling: boolean;
  editing: boolean;
  onDownload: () => void;
  onDownloadCutout: () => void;
  onUpscale: () => void;
  onRevertUpscale: () => void;
  onEdit: () => void;
};

/**
 * Download (and the free transparent PNG of the subject, when the server cut it out), Upscale
 * 2x or Revert Upscale, and Edit with AI (SPEC point 2).
 */
export function ResultActions({
  shown,
  hasCutout,
  downloading,
  downloadingCutout,
  upscaling,
  editing,
  onDownload,
  onDownloadCutout,
  onUpscale,
  onRevertUpscale,
  onEdit,
}: ResultActionsProps) {
  return (
    <div className="mt-4">
      <div className="grid grid-cols-2 gap-2.5">
        <Button
          variant="primary"
          className={hasCutout ? "col-span-2 sm:col-span-1" : "col-span-2"}
          loading={downloading}
          onClick={onDownload}
        >
          {!downloading && <Download aria-hidden="true" />}
          Download
        </Button>
        {hasCutout && (
          <Button
            variant="secondary"
            // too wide for half a phone's width: a row of its own there
            className="col-span-2 sm:col-span-1"
            loading={downloadingCutout}
            onClick={onDownloadCutout}
            aria-describedby="studio-action-costs"
          >
            {!downloadingCutout && <Download aria-hidden="true" />}
            Transparent PNG
          </Button>
        )}
        {shown.kind === "upscaled" ? (
          <Button variant="secondary" onClick={onRevertUpscale} disabled={editing}>
            <Undo2 aria-hidden="true" />
            Revert Upscale
          </Button>
        ) : (
          <Button
            variant="secondary"
            onClick={onUpscale}
            loading={upscaling}
            disabled={editing}
            aria-describedby="studio-action-costs"
          >
            {!upscaling && <ZoomIn aria-hidden="true" />}
            {upscaling ? "Upscaling…" : "Upscale 2x"}
          </Button>
        )}
        <Button
          variant="secondary"
          onClick={onEdit}
          disabled={upscaling}
          aria-pressed={editing}
          aria-describedby="studio-action-costs studio-edit-alert"
          className="aria-pressed:border-ink aria-pressed:bg-canvas aria-pressed:ring-1 aria-pressed:ring-ink"
        >
          <WandSparkles aria-hidden="true" />
          Edit with AI
        </Button>
      </div>
      <p id="studio-action-costs" className="mt-2.5 text-center text-xs text-ink-subtle">
        Upscaling costs {UPSCALE_COST} tokens, each AI edit {EDIT_COST}.
        {hasCutout && " The transparent PNG of your subject is free."}
      </p>
    </div>
  );
}
