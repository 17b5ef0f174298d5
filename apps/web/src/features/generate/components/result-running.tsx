import type { ProcessingMethod } from "@backdrop/shared";
import type { ImageSize } from "../image-checks.ts";
import { JobProgress } from "./job-progress.tsx";
import { StageFrame } from "./stage-frame.tsx";

type ResultRunningProps = ImageSize & {
  previewUrl: string;
  stage: string | null;
  progress: number | null;
  startedAt: number;
  method: ProcessingMethod;
};

/** The photo being worked on, under a sweeping light and the job's progress. */
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
        className="absolute inset-0 size-full object-contain opacity-60 blur-[1px] grayscale-[35%]"
      />
      <div aria-hidden="true" className="absolute inset-0 overflow-hidden motion-reduce:hidden">
        <div className="absolute inset-0 animate-scan bg-[linear-gradient(100deg,transparent_35%,rgb(255_255_255/0.55)_50%,transparent_65%)]" />
      </div>
    </StageFrame>
  );
}
