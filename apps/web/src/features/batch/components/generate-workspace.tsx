import { Suspense, useEffect } from "react";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { lazyComponent } from "../../../lib/lazy-component.ts";
import { whenIdle } from "../../../lib/when-idle.ts";
import { StudioPanel } from "../../generate/index.ts";
import { type Batch, useBatch } from "../hooks/use-batch.ts";

/** Only visitors who pick several photos need the batch view: it loads apart, when idle. */
const BatchPanel = lazyComponent<{ batch: Batch }>(() =>
  import("./batch-panel.tsx").then((panel) => panel.BatchPanel),
);

function BatchLoading() {
  return (
    <div className="flex min-h-[32rem] items-center justify-center rounded-panel border border-line bg-surface text-ink-subtle shadow-panel">
      <div role="status" className="animate-delayed-fade-in">
        <Spinner className="size-6" />
        <span className="sr-only">Loading the batch…</span>
      </div>
    </div>
  );
}

/**
 * The Generate page's working area: the studio, or, once several photos are picked in it, the
 * batch of them. Leaving the batch brings back an empty studio.
 */
export function GenerateWorkspace() {
  const batch = useBatch();
  useEffect(() => whenIdle(BatchPanel.preload), []);
  return batch.open ? (
    <Suspense fallback={<BatchLoading />}>
      <BatchPanel batch={batch} />
    </Suspense>
  ) : (
    <StudioPanel onPickMany={batch.begin} />
  );
}
