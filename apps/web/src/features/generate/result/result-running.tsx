import type { ProcessingMethod } from "@backdrop/shared";
import type { ImageSize } from "../photo/image-checks.ts";
import { JobProgress } from "../progress/job-progress.tsx";
import { StageFrame } from "./stage-frame.tsx";

type ResultRunningProps = ImageSize & {
  previewUrl: string;
  stage: string | null;
  progress: number | null;
  startedAt: number;
  method: ProcessingMethod;
};

/**
 * The photo being worked on, dimmed, under the job's progress. Nothing here animates but the
 * spinner and the bar: the page stays idle while the machine it may share works on the image.
 */
export function ResultRunning({
  previewUrl,
  stage,
  progress,
  startedAt,
  method,
  width,
  height,
}: ResultRunningProps) {
  return (
    <StageFrame
      size={{ width, height }}
      overlay={
        <div className="absolute inset-x-3 bottom-3 sm:inset-x-4 sm:bottom-4">
          <JobProgress
            job="Generation"
            kind={method}
            megapixels={(width * height) / 1_000_000}
            stage={stage}
            progress={progress}
            startedAt={startedAt}
            hint="Most images are ready within a minute. Keep this tab open."
          />
        </div>
      }
    >
      <img
        src={previewUrl}
        alt=""
        className="absolute inset-0 size-full object-contain opacity-55"
      />
    </StageFrame>
  );
}
