import { ImagePlus } from "lucide-react";
import { type FormEvent, useRef } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { usePublicConfig } from "../../auth/index.ts";
import {
  LoginRequiredDialog,
  MethodPicker,
  outputOf,
  PromptField,
  ScenePreview,
  ShadowPicker,
  SizePicker,
  StepTitle,
  SubscriptionRequiredDialog,
} from "../../generate/index.ts";
import { MAX_BATCH_PHOTOS } from "../batch-limits.ts";
import type { Batch } from "../hooks/use-batch.ts";
import { AddPhotosButton } from "./add-photos-button.tsx";
import { BatchGrid } from "./batch-grid.tsx";
import { BatchProgress } from "./batch-progress.tsx";
import { BatchSettingsSummary } from "./batch-settings-summary.tsx";
import { BatchStart } from "./batch-start.tsx";
import { PickNotice } from "./pick-notice.tsx";

/** The one size every photo has, when they share it: the size picker then shows its pixels. */
function sharedSize(batch: Batch) {
  const [first, ...rest] = batch.photos;
  if (!first) return null;
  const same = rest.every((photo) => photo.width === first.width && photo.height === first.height);
  return same ? { width: first.width, height: first.height } : null;
}

function EmptyBatch() {
  return (
    <div className="flex flex-col items-center gap-2 rounded-2xl border-2 border-dashed border-line-strong bg-canvas px-6 py-10 text-center">
      <ImagePlus aria-hidden="true" className="size-7 text-accent-600" />
      <p className="text-base font-semibold text-ink">No photos in this batch</p>
      <p className="text-sm text-ink-muted">
        Add up to {MAX_BATCH_PHOTOS} photos, or go back to one photo.
      </p>
    </div>
  );
}

/** The batch view: its photos, one prompt and one set of settings, then each photo's progress. */
export function BatchPanel({ batch }: { batch: Batch }) {
  const { queueNote } = usePublicConfig();
  const sectionRef = useRef<HTMLElement>(null);
  const { photos, started, tally } = batch;
  const size = sharedSize(batch);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!batch.submit()) return;
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    sectionRef.current?.scrollIntoView({ behavior: smooth ? "smooth" : "auto", block: "start" });
  };

  return (
    <section
      ref={sectionRef}
      aria-labelledby="batch-title"
      className="scroll-mt-24 rounded-panel border border-line bg-surface p-4 shadow-panel sm:p-6 lg:p-8"
    >
      <div className="flex flex-col gap-6">
        <header className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
          <div className="min-w-0">
            <h2
              id="batch-title"
              className="font-display text-2xl font-bold tracking-tight text-ink"
            >
              Batch of {photos.length} {photos.length === 1 ? "photo" : "photos"}
            </h2>
            <p className="mt-1 text-sm text-ink-muted">
              {started
                ? "Each photo is made on its own and saved to your gallery as it finishes."
                : "One background and one set of settings for every photo."}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2 empty:hidden">
            {!started && (
              <AddPhotosButton
                onFiles={batch.addPhotos}
                disabled={batch.checking || photos.length >= MAX_BATCH_PHOTOS}
              />
            )}
            {(!started || tally.finished) && (
              <Button variant={started ? "secondary" : "ghost"} size="sm" onClick={batch.close}>
                {started ? "New batch" : "Back to one photo"}
              </Button>
            )}
          </div>
        </header>
        <PickNotice notice={batch.notice} />
        {started && (
          <BatchProgress
            tally={tally}
            onRetryFailed={batch.retryFailed}
            onDownloadAll={batch.downloadAll}
            archive={batch.archive}
          />
        )}
        <div className="flex flex-col gap-3">
          {!started && (
            <StepTitle step={1} id="batch-photos-title">
              Your photos
            </StepTitle>
          )}
          {photos.length > 0 ? <BatchGrid batch={batch} /> : !batch.checking && <EmptyBatch />}
          {batch.checking && (
            <p className="flex items-center gap-2 text-sm font-medium text-ink-muted">
              <Spinner className="size-4" />
              Checking photos…
            </p>
          )}
        </div>
        {started ? (
          <BatchSettingsSummary
            prompt={batch.prompt}
            method={batch.method}
            shadow={batch.shadow}
            aspect={batch.aspect}
          />
        ) : (
          <form
            onSubmit={onSubmit}
            aria-label="Generate a new background for every photo"
            noValidate
            className="grid gap-7 border-t border-line pt-7 lg:grid-cols-2 lg:gap-10"
          >
            <div className="flex min-w-0 flex-col gap-7">
              <PromptField
                value={batch.prompt}
                onChange={batch.setPrompt}
                error={batch.errors.prompt}
              />
              <ScenePreview prompt={batch.prompt} outputSize={outputOf(size, batch.aspect)} />
            </div>
            <div className="flex min-w-0 flex-col gap-5">
              <MethodPicker value={batch.method} onChange={batch.setMethod} queueNote={queueNote} />
              <ShadowPicker value={batch.shadow} onChange={batch.setShadow} />
              <SizePicker value={batch.aspect} onChange={batch.setAspect} photo={size} />
              <div className="mt-2">
                <BatchStart
                  price={batch.price}
                  tokenCount={batch.tokenCount}
                  expired={batch.expired}
                  checking={batch.checking}
                  photosError={batch.errors.photos}
                  tokenError={batch.errors.tokens}
                />
              </div>
            </div>
          </form>
        )}
      </div>
      <LoginRequiredDialog
        open={batch.dialog === "login"}
        onOpenChange={(open) => batch.setDialog(open ? "login" : null)}
      />
      <SubscriptionRequiredDialog
        open={batch.dialog === "subscription"}
        onOpenChange={(open) => batch.setDialog(open ? "subscription" : null)}
      />
    </section>
  );
}
