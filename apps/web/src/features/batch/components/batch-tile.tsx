import { CircleAlert, CircleCheck, X } from "lucide-react";
import type { ReactNode } from "react";
import { cx } from "../../../lib/cx.ts";
import { formatBytes } from "../../../lib/format.ts";
import { thumbnailUrl } from "../../../lib/image-urls.ts";
import type { BatchPhoto, PhotoRun } from "../batch-photo.ts";

type BatchTileProps = {
  photo: BatchPhoto;
  run: PhotoRun | undefined;
  /** Shown before the batch starts: the photo can still be taken out. */
  onRemove?: () => void;
  /** The tile's status and actions once the batch has started. */
  children?: ReactNode;
};

/** The square a photo sits in, on the studio's transparency checks. */
const CHECKS =
  "bg-[conic-gradient(var(--color-sunken)_25%,white_0_50%,var(--color-sunken)_0_75%,white_0)] bg-[length:16px_16px]";

function Chip({ run }: { run: PhotoRun | undefined }) {
  if (run?.status === "done") {
    return (
      <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-success-50 px-2 py-0.5 text-[0.6875rem] font-semibold text-success-600 shadow-xs ring-1 ring-success-600/20">
        <CircleCheck aria-hidden="true" className="size-3.5" />
        Done
      </span>
    );
  }
  if (run?.status === "failed") {
    return (
      <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-danger-50 px-2 py-0.5 text-[0.6875rem] font-semibold text-danger-600 shadow-xs ring-1 ring-danger-600/20">
        <CircleAlert aria-hidden="true" className="size-3.5" />
        Failed
      </span>
    );
  }
  return null;
}

/** One photo of the batch: its picture (the result once there is one), name and size. */
export function BatchTile({ photo, run, onRemove, children }: BatchTileProps) {
  const name = photo.file.name;
  const result = run?.status === "done" ? run.resultUrl : null;
  return (
    <li
      aria-label={name}
      className="flex min-w-0 flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-card"
    >
      <div className={cx("relative aspect-square border-b border-line", CHECKS)}>
        <img
          src={result ? thumbnailUrl(result) : photo.previewUrl}
          alt={result ? `${name} with the new background` : `Preview of ${name}`}
          className={cx("absolute inset-0 size-full object-contain", !result && "p-2")}
        />
        <Chip run={run} />
        {onRemove && (
          <button
            type="button"
            onClick={onRemove}
            aria-label={`Remove ${name}`}
            className="absolute top-2 right-2 inline-flex size-8 items-center justify-center rounded-full border border-line-strong bg-surface/95 text-ink-muted shadow-xs hover:border-danger-600/40 hover:bg-danger-50 hover:text-danger-600"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2.5 p-3">
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-ink" title={name}>
            {name}
          </p>
          <p className="text-xs text-ink-subtle tabular-nums">
            <span className="whitespace-nowrap">
              {photo.width} × {photo.height} px
            </span>{" "}
            · <span className="whitespace-nowrap">{formatBytes(photo.file.size)}</span>
          </p>
        </div>
        {/* at the foot, so the actions of a row's tiles line up */}
        {children && <div className="mt-auto">{children}</div>}
      </div>
    </li>
  );
}
