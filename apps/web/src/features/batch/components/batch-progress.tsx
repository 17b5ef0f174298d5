import { Download, RotateCcw } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { DownloadFormatSelect } from "../../../components/ui/download-format-select.tsx";
import { FormAlert } from "../../../components/ui/field.tsx";
import { ProgressBar } from "../../../components/ui/progress-bar.tsx";
import type { BatchTally } from "../batch-photo.ts";

type BatchProgressProps = {
  tally: BatchTally;
  onRetryFailed: () => void;
  onDownloadAll: () => void;
  archive: { busy: boolean; error: string | null };
};

/** "7 of 20 done · 1 failed", or how the batch ended. */
export function tallyText({ total, done, failed, finished }: BatchTally): string {
  const failures = failed > 0 ? ` · ${failed} failed` : "";
  if (finished && done === total) return `All ${total} done`;
  return `${done} of ${total} done${failures}`;
}

/** The whole batch: how far it is, Download all of what is done, and another go at failures. */
export function BatchProgress({
  tally,
  onRetryFailed,
  onDownloadAll,
  archive,
}: BatchProgressProps) {
  const percent =
    tally.total === 0 ? 0 : Math.floor(((tally.done + tally.failed) / tally.total) * 100);
  const text = tallyText(tally);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-4 rounded-2xl bg-canvas p-4 ring-1 ring-line sm:flex-row sm:items-center sm:p-5">
        <div className="min-w-0 flex-1">
          <p
            role="status"
            aria-live="polite"
            className="text-[0.9375rem] font-semibold text-ink tabular-nums"
          >
            {text}
          </p>
          <ProgressBar
            percent={percent}
            label="Batch progress"
            valueText={text}
            className="mt-2.5"
          />
        </div>
        <div className="flex flex-col gap-2 sm:flex-row [&>button]:w-full sm:[&>button]:w-auto">
          {tally.failed > 0 && tally.finished && (
            <Button variant="secondary" onClick={onRetryFailed}>
              <RotateCcw aria-hidden="true" />
              Try {tally.failed === 1 ? "the failed one" : `${tally.failed} failed`} again
            </Button>
          )}
          {tally.done > 0 && (
            <div className="flex gap-2">
              <Button
                variant="primary"
                className="min-w-0 flex-1"
                onClick={onDownloadAll}
                loading={archive.busy}
              >
                {!archive.busy && <Download aria-hidden="true" />}
                {archive.busy ? "Preparing ZIP…" : `Download all (${tally.done})`}
              </Button>
              <DownloadFormatSelect />
            </div>
          )}
        </div>
      </div>
      <FormAlert id="batch-archive-error" message={archive.error} />
    </div>
  );
}
