import { Spinner } from "../../../components/ui/spinner.tsx";
import { useElapsed } from "../hooks/use-elapsed.ts";
import { formatElapsed, stageView } from "../job-stages.ts";

type JobProgressProps = {
  /** What the job is called in the progress bar's name: "Generation", "Upscale". */
  job: string;
  stage: string | null;
  startedAt: number;
  hint?: string;
};

/** A running job: what it is doing now, how far along, and for how long it has run. */
export function JobProgress({ job, stage, startedAt, hint }: JobProgressProps) {
  const elapsed = useElapsed(startedAt);
  const { label, progress } = stageView(stage);
  const percent = Math.round(progress * 100);
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
        aria-valuetext={`${label}, about ${percent}%`}
        className="mt-3.5 h-1.5 overflow-hidden rounded-full bg-sunken"
      >
        <div
          className="h-full rounded-full bg-accent-600 transition-[width] duration-700 ease-out"
          style={{ width: `${percent}%` }}
        />
      </div>
      {hint && <p className="mt-2.5 text-xs text-ink-subtle">{hint}</p>}
    </div>
  );
}
