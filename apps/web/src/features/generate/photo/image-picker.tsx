import { GENERATION_MESSAGES } from "@backdrop/shared";
import { ImagePlus, RefreshCw, Trash2 } from "lucide-react";
import { type DragEvent, Suspense, useState } from "react";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { cx } from "../../../lib/cx.ts";
import { formatBytes } from "../../../lib/format.ts";
import { LazyRefineCutout } from "../cutout-editor/lazy-refine-cutout.ts";
import { StepTitle } from "../studio/step-title.tsx";
import { PHOTO_INPUT_ID } from "../studio/studio-ids.ts";
import { SUPPORTED_FORMATS_NOTE } from "./image-checks.ts";
import { PhotoNotice } from "./photo-notice.tsx";
import { SubjectStatusNote } from "./subject-status.tsx";
import type { PickerWork, useImagePicker } from "./use-image-picker.ts";
import type { SubjectStatus } from "./use-subject-status.ts";

type ImagePickerProps = {
  picker: ReturnType<typeof useImagePicker>;
  /** Shown when Generate was pressed without a photo. */
  requiredError?: string | null;
  /** How far the server is in cutting out the photo's subject, once it has the photo. */
  subject?: SubjectStatus | null;
  /** Several photos picked or dropped at once: they make a batch. */
  onPickMany?: (files: File[]) => void;
  /** The photo's upload, whose cut-out can be refined by hand once it is made. */
  recordId?: string | null;
};

const INPUT_ID = PHOTO_INPUT_ID;

const WORK_LABELS: Record<PickerWork, string> = {
  checking: "Checking photo…",
  converting: GENERATION_MESSAGES.convertingIphonePhoto,
  resizing: "Resizing photo…",
};

export function ImagePicker({
  picker,
  requiredError = null,
  subject = null,
  onPickMany,
  recordId = null,
}: ImagePickerProps) {
  const { checking, work, pick, remove, previewFailed } = picker;
  // A small photo waiting for Continue is shown, but is not the chosen photo yet.
  const waiting = picker.small;
  const image = waiting ?? picker.image;
  const error = picker.error ?? (image ? null : requiredError);
  const [dragging, setDragging] = useState(false);

  const take = (files: File[]) => {
    if (files.length > 1 && onPickMany) return onPickMany(files);
    if (files[0]) void pick(files[0]);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    take(Array.from(event.dataTransfer.files));
  };

  return (
    <div>
      <StepTitle step={1} id="studio-photo-title">
        Your photo
      </StepTitle>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the file input inside is the keyboard path */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={(event) => {
          // leaving for a child of the zone is not leaving the zone
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
        className={cx(
          "relative mt-3 h-60 overflow-hidden rounded-2xl border-2 transition-colors has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-accent-600 sm:h-64",
          image
            ? "border-line bg-[conic-gradient(var(--color-sunken)_25%,white_0_50%,var(--color-sunken)_0_75%,white_0)] bg-[length:20px_20px]"
            : dragging
              ? "border-dashed border-accent-500 bg-accent-50"
              : error
                ? "border-dashed border-danger-600/60 bg-danger-50/50"
                : "border-dashed border-line-strong bg-canvas hover:border-accent-400 hover:bg-accent-50/60",
          image && dragging && "border-accent-500",
        )}
      >
        <input
          id={INPUT_ID}
          type="file"
          accept="image/*"
          multiple={onPickMany !== undefined}
          className="sr-only"
          aria-labelledby="studio-photo-title"
          aria-describedby="studio-photo-formats studio-photo-error"
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = "";
            take(files);
          }}
        />
        {image ? (
          <>
            <img
              src={image.url}
              alt={`Preview of ${image.file.name}`}
              onError={waiting ? picker.dropSmall : previewFailed}
              className="absolute inset-0 size-full object-scale-down p-4 pb-16"
            />
            <SubjectStatusNote status={subject} />
            {recordId && !waiting && (
              <Suspense>
                <LazyRefineCutout recordId={recordId} subject={subject} photo={image} />
              </Suspense>
            )}
            <div className="absolute inset-x-0 bottom-0 flex items-center gap-2 border-t border-line bg-surface/95 px-3 py-2.5 backdrop-blur">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-semibold text-ink">{image.file.name}</p>
                <p className="text-xs text-ink-subtle">
                  {image.width} × {image.height} px · {formatBytes(image.file.size)}
                </p>
              </div>
              <label
                htmlFor={INPUT_ID}
                hidden={waiting !== null}
                className="inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-full border border-line-strong bg-surface px-3 text-sm font-semibold text-ink hover:bg-sunken"
              >
                <RefreshCw aria-hidden="true" className="size-4" />
                Replace
              </label>
              <button
                type="button"
                onClick={remove}
                hidden={waiting !== null}
                aria-label="Remove photo"
                className="inline-flex size-9 items-center justify-center rounded-full border border-line-strong bg-surface text-ink-muted hover:border-danger-600/40 hover:bg-danger-50 hover:text-danger-600"
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </button>
            </div>
          </>
        ) : (
          <label
            htmlFor={INPUT_ID}
            className="absolute inset-0 flex cursor-pointer flex-col items-center justify-center gap-3 px-6 text-center"
          >
            <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-surface text-accent-600 shadow-card ring-1 ring-line">
              <ImagePlus aria-hidden="true" className="size-7" />
            </span>
            <span className="text-base font-semibold text-ink">Upload a photo</span>
            <span className="text-sm text-ink-muted">
              Drop it here, paste it or{" "}
              <span className="font-semibold text-accent-600 underline underline-offset-4">
                browse
              </span>
            </span>
          </label>
        )}
        {checking && work && (
          <div
            role="status"
            className="absolute inset-0 flex items-center justify-center gap-2 bg-surface/80 text-sm font-medium text-ink-muted"
          >
            <Spinner className="size-5" />
            {WORK_LABELS[work]}
          </div>
        )}
      </div>
      <p id="studio-photo-formats" className="mt-2 text-xs text-ink-subtle">
        {SUPPORTED_FORMATS_NOTE}. Up to 10MB and 2048 × 2048 px.
        {onPickMany && " Pick several at once to make a batch."}
      </p>
      <PhotoNotice picker={picker} error={error} id="studio-photo-error" />
    </div>
  );
}
