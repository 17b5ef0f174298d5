import { ImagePlus } from "lucide-react";
import { type ReactNode, type Ref, Suspense, useEffect } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { lazyComponent } from "../../../lib/lazy-component.ts";
import type { GenerationState } from "../generation/use-generation.ts";
import type { ImageSize } from "../photo/image-checks.ts";
import { ResultError } from "./result-error.tsx";
import { ResultPlaceholder } from "./result-placeholder.tsx";
import { ResultRunning } from "./result-running.tsx";
import type { ResultViewProps } from "./result-view.tsx";
import type { ShownImage } from "./shown-image.ts";
import { StageFrame } from "./stage-frame.tsx";
import { StudioTips } from "./studio-tips.tsx";

/**
 * The finished result, its actions, takes and comparisons: not needed until a generation is
 * under way, when its code is fetched while the job runs.
 */
const ResultView = lazyComponent<ResultViewProps>(() =>
  import("./result-view.tsx").then((view) => view.ResultView),
);

function ResultLoading({ size }: { size: ImageSize | null }) {
  return (
    <StageFrame
      size={size}
      overlay={
        <div
          role="status"
          className="absolute inset-0 flex animate-delayed-fade-in items-center justify-center text-ink-subtle"
        >
          <Spinner className="size-6" />
          <span className="sr-only">Loading the result…</span>
        </div>
      }
    />
  );
}

export type ResultStageProps = Omit<ResultViewProps, "result" | "shown"> & {
  generation: GenerationState;
  /** The image shown once the generation is done. */
  shown: ShownImage | null;
  /** The size Generate would make of the picked photo: the empty stage takes its shape. */
  outputSize: ImageSize | null;
  /** Shown under the result while editing, in place of the tips: the AI editor. */
  editor?: ReactNode;
  onRetry: () => void;
  onNewImage: () => void;
  ref?: Ref<HTMLElement>;
};

/**
 * SPEC point 2's result area: a placeholder, a loading state, an error, or the result with
 * its actions. The box keeps the photo's shape in every state, so nothing on the page moves
 * when a result, a progress card or an error replaces another.
 */
export function ResultStage({
  generation,
  shown,
  outputSize,
  editor,
  onRetry,
  onNewImage,
  ref,
  ...actions
}: ResultStageProps) {
  const done = generation.status === "done" && shown ? generation.result : null;
  useEffect(() => {
    if (generation.status !== "idle") ResultView.preload();
  }, [generation.status]);
  return (
    <section
      ref={ref}
      // focused after Generate (studio-panel.tsx)
      tabIndex={-1}
      aria-labelledby="studio-result-title"
      className="min-w-0 scroll-mt-24 lg:sticky lg:top-24 lg:self-start"
    >
      <div className="flex min-h-9 items-center justify-between gap-3">
        <h2 id="studio-result-title" className="font-sans text-[0.9375rem] font-semibold text-ink">
          Result
        </h2>
        {done ? (
          <Button variant="ghost" size="sm" onClick={onNewImage} className="-mr-2">
            <ImagePlus aria-hidden="true" />
            New Image
          </Button>
        ) : (
          <span className="text-xs font-medium text-ink-subtle">
            Download, upscale 2x or edit with AI
          </span>
        )}
      </div>
      <div className="mt-3">
        {done && shown ? (
          <Suspense fallback={<ResultLoading size={outputSize} />}>
            <ResultView result={done} shown={shown} {...actions} />
          </Suspense>
        ) : generation.status === "running" ? (
          <ResultRunning {...generation} />
        ) : (
          <StageFrame
            size={outputSize}
            overlay={
              generation.status === "failed" ? (
                <ResultError message={generation.message} onRetry={onRetry} />
              ) : (
                <ResultPlaceholder />
              )
            }
          />
        )}
      </div>
      {editor ?? <StudioTips />}
    </section>
  );
}
