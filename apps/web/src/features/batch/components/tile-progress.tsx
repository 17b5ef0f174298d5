import type { ProcessingMethod } from "@backdrop/shared";
import { ProgressBar } from "../../../components/ui/progress-bar.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { progressValueText, stageView, useEstimatedProgress } from "../../generate/index.ts";

type TileProgressProps = {
  name: string;
  method: ProcessingMethod;
  megapixels: number;
  stage: string;
  progress: number | null;
  startedAt: number;
};

/** One photo's job: the studio's stage words and its estimated bar, small. */
export function TileProgress({
  name,
  method,
  megapixels,
  stage,
  progress,
  startedAt,
}: TileProgressProps) {
  const bar = useEstimatedProgress({ kind: method, stage, progress, startedAt, megapixels });
  const percent = Math.floor(bar.value * 100);
  const { label } = stageView(stage);
  return (
    <div>
      <p className="flex items-start gap-1.5 text-xs leading-snug font-medium text-ink-muted">
        <Spinner className="mt-px size-3.5 shrink-0 text-accent-600" />
        <span className="min-w-0">{label}…</span>
      </p>
      <ProgressBar
        percent={percent}
        label={`${name} progress`}
        valueText={progressValueText(label, percent, bar.measured)}
        still={bar.reduced}
        className="mt-2"
      />
    </div>
  );
}
