import { Spinner } from "../../../components/ui/spinner.tsx";
import { useElapsed } from "../hooks/use-elapsed.ts";
import { formatElapsed, stageView } from "../job-stages.ts";

type JobProgressProps = {
  /** What the job is called in the progress bar's name: "Generation", "Upscale". */
  job: string;
  stage: string | null;
  /** How much of the stage is done, 0..1, when the server knows; else the stage's estimate. */
  progress?: number | null;
  startedAt: number;
  hint?: string;
};

/**
 * A running job: what it is doing now, how far along, and for how long it has run. The bar
 * measures the stage itself when the server reports its progress, and estimates the whole job
 * from the stage's name otherwise.
 */
export function JobProgress({ job, stage, progress, startedAt, hint }: JobProgressProps) {
  const elapsed = useElapsed(startedAt);
  const view = stageView(stage);
  const measured = typeof progress === "number";
  const percent = Math.round((measured ? progress : view.progress) * 100);
  const label = view.label;
  return (
    <div className="rounded-2xl bg-surface/95 p-4 shadow-pop ring-1 ring-line backdrop-blur-sm sm:p-5">
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
      <div
        role="progressbar"
        aria-label={`${job} progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={measured ? `${label}, ${percent}%` : `${label}, about ${percent}%`}
        className="mt-3.5 h-1.5 overflow-hidden rounded-full bg-sunken"
      >
        <div
          className={`h-full rounded-full bg-accent-600 transition-[width] ease-out ${measured ? "duration-300" : "duration-700"}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      {hint && <p className="mt-2.5 text-xs text-ink-subtle">{hint}</p>}
    </div>
  );
}
