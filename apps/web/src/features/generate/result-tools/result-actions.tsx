import { Download, LockKeyhole, Undo2, WandSparkles, ZoomIn } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import {
  DownloadFormatSelect,
  useTransparentLabel,
} from "../../../components/ui/download-format-select.tsx";
import { cx } from "../../../lib/cx.ts";
import { useEditLock } from "../../editor/index.ts";
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
  const transparentLabel = useTransparentLabel();
  const editLock = useEditLock();
  return (
    <div className="mt-4">
      <div className="grid grid-cols-2 gap-2.5">
        <div className={cx("flex gap-2", hasCutout ? "col-span-2 sm:col-span-1" : "col-span-2")}>
          <Button
            variant="primary"
            className="min-w-0 flex-1"
            loading={downloading}
            onClick={onDownload}
          >
            {!downloading && <Download aria-hidden="true" />}
            Download
          </Button>
          <DownloadFormatSelect />
        </div>
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
            {transparentLabel}
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
          // a plan without AI edits: locked, and which plan opens it, before the press
          aria-label={editLock.locked ? `Edit with AI, ${editLock.plan} plan` : undefined}
          className="aria-pressed:border-ink aria-pressed:bg-canvas aria-pressed:ring-1 aria-pressed:ring-ink"
        >
          {editLock.locked ? (
            <LockKeyhole aria-hidden="true" />
          ) : (
            <WandSparkles aria-hidden="true" />
          )}
          Edit with AI
          {editLock.locked && (
            <span className="-mr-1 rounded-full bg-accent-50 px-2 py-0.5 text-xs font-semibold text-accent-700 ring-1 ring-accent-200">
              {editLock.plan}
            </span>
          )}
        </Button>
      </div>
      <p
        id="studio-action-costs"
        className="mt-2.5 text-center text-xs text-balance text-ink-subtle"
      >
        Upscaling costs {UPSCALE_COST} tokens, each AI edit {EDIT_COST}.
        {hasCutout &&
          ` The ${transparentLabel.replace("Transparent", "transparent")} of your subject is free.`}
      </p>
    </div>
  );
}
