import { ProgressBar } from "../../../components/ui/progress-bar.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import type { JobKind } from "./job-estimate.ts";
import { formatElapsed, progressValueText, stageView } from "./job-stages.ts";
import { useElapsed } from "./use-elapsed.ts";
import { useEstimatedProgress } from "./use-estimated-progress.ts";

type JobProgressProps = {
  /** What the job is called in the progress bar's name: "Generation", "Upscale". */
  job: string;
  /** Which job's stage estimates the bar follows. */
  kind: JobKind;
  /** The image's size, for the stages whose time grows with it. */
  megapixels?: number;
  stage: string | null;
  /** How much of the stage is done, 0..1, when the server knows; else the time estimates. */
  progress?: number | null;
  startedAt: number;
  hint?: string;
};

/**
 * A running job: what it is doing now, how far along, and for how long it has run. The bar
 * follows the stages' expected durations and takes the server's measure when it reports one
 * (job-estimate.ts); it never goes back and never shows 100% before the result.
 */
export function JobProgress(props: JobProgressProps) {
  const { job, kind, megapixels, stage, progress, startedAt, hint } = props;
  const elapsed = useElapsed(startedAt);
  const view = stageView(stage);
  const bar = useEstimatedProgress({ kind, stage, progress, startedAt, megapixels });
  const measured = bar.measured;
  const percent = Math.floor(bar.value * 100);
  const label = view.label;
  return (
    <div className="rounded-2xl bg-surface p-4 shadow-pop ring-1 ring-line sm:p-5">
      <div className="flex items-center gap-3">
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-accent-50 text-accent-600 ring-1 ring-accent-100">
          <Spinner className="size-5" />
        </span>
        <p
          aria-live="polite"
          className="min-w-0 flex-1 text-sm font-semibold text-ink sm:text-[0.9375rem]"
        >
          {label}…
        </p>
        {measured && (
          <span className="font-mono text-sm font-semibold text-accent-700 tabular-nums">
            {percent}%
          </span>
        )}
        <span className="font-mono text-sm text-ink-subtle tabular-nums">
          <span className="sr-only">Elapsed time </span>
          {formatElapsed(elapsed)}
        </span>
      </div>
      <ProgressBar
        percent={percent}
        label={`${job} progress`}
        valueText={progressValueText(label, percent, measured)}
        still={bar.reduced}
        className="mt-3.5"
      />
      {hint && <p className="mt-2.5 text-xs text-ink-subtle">{hint}</p>}
    </div>
  );
}
