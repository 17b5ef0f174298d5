import type { ProcessingMethod } from "@backdrop/shared";
import { Clock, Download, ExternalLink, RotateCcw } from "lucide-react";
import { cx } from "../../../lib/cx.ts";
import { RECORD_PARAM } from "../../generate/index.ts";
import type { BatchPhoto, PhotoRun } from "../batch-photo.ts";
import { TileProgress } from "./tile-progress.tsx";

type TileStatusProps = {
  photo: BatchPhoto;
  run: PhotoRun;
  method: ProcessingMethod;
  onDownload: (resultUrl: string) => void;
  onRetry: () => void;
};

/** The tile's own small buttons, in the outlined (secondary) look. */
const ACTION =
  "inline-flex h-8 items-center justify-center gap-1.5 rounded-full border border-line-strong bg-surface text-xs font-semibold whitespace-nowrap text-ink shadow-xs transition-colors hover:border-control hover:bg-sunken [&_svg]:size-3.5 [&_svg]:shrink-0";
const TEXT_ACTION = cx(ACTION, "px-2.5");
const ICON_ACTION = cx(ACTION, "w-8 shrink-0");

/** What one photo of a started batch is doing, and what can be done with it. */
export function TileStatus({ photo, run, method, onDownload, onRetry }: TileStatusProps) {
  const name = photo.file.name;
  switch (run.status) {
    case "waiting":
      return (
        <p className="flex items-center gap-1.5 text-xs font-medium text-ink-subtle">
          <Clock aria-hidden="true" className="size-3.5 shrink-0" />
          Waiting to upload
        </p>
      );
    case "working":
      return (
        <TileProgress
          name={name}
          method={method}
          megapixels={(photo.width * photo.height) / 1_000_000}
          stage={run.stage}
          progress={run.progress}
          startedAt={run.startedAt}
        />
      );
    case "done":
      return (
        <div className="flex gap-1.5">
          <a
            href={`/?${RECORD_PARAM}=${encodeURIComponent(run.recordId)}`}
            target="_blank"
            rel="noopener"
            aria-label={`Open ${name} in the studio (new tab)`}
            className={cx(TEXT_ACTION, "flex-1")}
          >
            <ExternalLink aria-hidden="true" />
            Open
          </a>
          <button
            type="button"
            onClick={() => onDownload(run.resultUrl)}
            aria-label={`Download ${name}`}
            title="Download"
            className={ICON_ACTION}
          >
            <Download aria-hidden="true" />
          </button>
        </div>
      );
    case "failed":
      return (
        <div className="flex flex-col gap-2">
          <p className="text-xs leading-snug font-medium text-danger-600">{run.message}</p>
          <button
            type="button"
            onClick={onRetry}
            aria-label={`Try ${name} again`}
            className={TEXT_ACTION}
          >
            <RotateCcw aria-hidden="true" />
            Try again
          </button>
        </div>
      );
  }
}
