import * as DialogPrimitive from "@radix-ui/react-dialog";
import { ChevronLeft, ChevronRight, Download, Sparkles, Trash2 } from "lucide-react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Button, buttonClasses } from "../../../components/ui/button.tsx";
import { DialogCloseIcon, DialogTitle } from "../../../components/ui/dialog.tsx";
import {
  DownloadFormatSelect,
  useTransparentLabel,
} from "../../../components/ui/download-format-select.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { cx } from "../../../lib/cx.ts";
import { type DownloadRequest, downloadImage } from "../../../lib/download-result.ts";
import {
  cutoutDownloadNameOf,
  downloadNameOf,
  formatImageDate,
  type GalleryImage,
  studioPathOf,
} from "../gallery-images.ts";

type Size = { width: number; height: number };

const FORMATS: Record<string, string> = { png: "PNG", jpg: "JPEG", jpeg: "JPEG", webp: "WebP" };

function formatOf(url: string): string {
  const extension = /\.([a-z0-9]+)(?:\?|$)/i.exec(url)?.[1]?.toLowerCase() ?? "";
  return FORMATS[extension] ?? (extension.toUpperCase() || "Image");
}

/**
 * The full image on a studio-grey stage: the thumbnail at once, the full file over it when it
 * has loaded, so the box never changes size.
 */
function Stage({ image, onSize }: { image: GalleryImage; onSize: (size: Size) => void }) {
  const [loaded, setLoaded] = useState(false);
  const picture = "absolute inset-0 size-full object-contain p-3 sm:px-18 sm:py-6";
  return (
    <>
      <img src={image.thumbUrl} alt="" aria-hidden="true" className={picture} />
      <img
        src={image.url}
        alt={image.prompt ? `Background: ${image.prompt}` : "The full image"}
        decoding="async"
        onLoad={(event) => {
          setLoaded(true);
          const { naturalWidth: width, naturalHeight: height } = event.currentTarget;
          onSize({ width, height });
        }}
        className={cx(
          picture,
          "transition-opacity duration-200",
          loaded ? "opacity-100" : "opacity-0",
        )}
      />
      {!loaded && (
        <span className="absolute top-3 left-3 inline-flex items-center gap-2 rounded-full bg-surface/90 px-3 py-1.5 text-xs font-medium text-ink-muted shadow-card backdrop-blur sm:top-5 sm:left-5">
          <Spinner className="size-3.5" />
          Loading full size…
        </span>
      )}
    </>
  );
}

function StepButton({ direction, onClick }: { direction: -1 | 1; onClick: () => void }) {
  const Icon = direction < 0 ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={direction < 0 ? "Previous image" : "Next image"}
      className={cx(
        "absolute top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full border border-line bg-surface/90 text-ink shadow-card backdrop-blur transition-colors hover:bg-surface",
        direction < 0 ? "left-3 sm:left-4" : "right-3 sm:right-4",
      )}
    >
      <Icon aria-hidden="true" className="size-5" />
    </button>
  );
}

function Kbd({ children }: { children: string }) {
  return (
    <kbd className="inline-flex min-w-6 items-center justify-center rounded-md border border-line-strong bg-surface px-1.5 py-0.5 font-sans text-[0.6875rem] font-semibold text-ink-muted shadow-xs">
      {children}
    </kbd>
  );
}

/** Saves a file; `pending` is the URL being saved. */
function useDownload() {
  const [pending, setPending] = useState<string | null>(null);
  async function download(request: DownloadRequest & { url: string }) {
    setPending(request.url);
    await downloadImage(request);
    setPending(null);
  }
  return { pending, download };
}

/** Starts loading the neighbours' full files, so stepping to them shows them at once. */
function usePreload(urls: string[]) {
  const key = urls.join(" ");
  useEffect(() => {
    for (const url of key.split(" ").filter(Boolean)) {
      const image = new Image();
      image.decoding = "async";
      image.src = url;
    }
  }, [key]);
}

/**
 * The full-view modal of one tab's images: the image, its prompt, date and size, Download,
 * Open in studio and Delete; ← and → step through the tab (wrapping round), Esc closes, focus
 * stays inside.
 */
export function ImageViewer({
  images,
  noun,
  openKey,
  onOpenKeyChange,
  returnFocus,
  onDelete,
}: {
  images: GalleryImage[];
  noun: string;
  openKey: string | null;
  onOpenKeyChange: (key: string | null) => void;
  /** The element to focus once closed: the tile of the image last shown. */
  returnFocus: (key: string) => HTMLElement | null | undefined;
  /** Asks to delete the image's record (a confirm dialog opens over the viewer). */
  onDelete: (image: GalleryImage) => void;
}) {
  const index = openKey === null ? -1 : images.findIndex((image) => image.key === openKey);
  const image = images[index];
  const lastKey = useRef<string | null>(null);
  const content = useRef<HTMLDivElement>(null);
  if (image) lastKey.current = image.key;
  const [sizes, setSizes] = useState<Record<string, Size>>({});
  const { pending, download } = useDownload();
  const transparentLabel = useTransparentLabel();
  const count = images.length;
  const neighbours =
    image && count > 1 ? [images[(index + 1) % count], images[(index - 1 + count) % count]] : [];
  usePreload(neighbours.flatMap((neighbour) => (neighbour ? [neighbour.url] : [])));

  function step(by: -1 | 1) {
    const next = images[(index + by + count) % count];
    if (next) onOpenKeyChange(next.key);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (count < 2 || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      event.preventDefault();
      step(event.key === "ArrowRight" ? 1 : -1);
    }
  }

  const size = image ? sizes[image.key] : undefined;
  const cutoutUrl = image?.cutoutUrl ?? null;
  return (
    <DialogPrimitive.Root
      open={Boolean(image)}
      onOpenChange={(open) => {
        if (!open) onOpenKeyChange(null);
      }}
    >
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-ink/70 backdrop-blur-sm data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content
          ref={content}
          onKeyDown={onKeyDown}
          onOpenAutoFocus={(event) => {
            // The dialog itself takes focus, so its title is read first and arrows work at once.
            event.preventDefault();
            content.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const target = lastKey.current ? returnFocus(lastKey.current) : null;
            if (target?.isConnected) target.focus();
          }}
          className="fixed inset-0 z-50 flex flex-col overflow-hidden bg-surface focus:outline-none data-[state=open]:animate-fade-in sm:inset-auto sm:top-1/2 sm:left-1/2 sm:max-h-[calc(100dvh-3rem)] sm:w-[calc(100vw-3rem)] sm:max-w-6xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-panel sm:border sm:border-line sm:shadow-pop lg:flex-row"
        >
          {image && (
            <>
              <div className="relative min-h-0 flex-1 bg-[#ece7df] sm:h-[min(62dvh,40rem)] sm:flex-none lg:h-[min(84dvh,47rem)] lg:flex-1">
                <Stage
                  key={image.key}
                  image={image}
                  onSize={(found) => setSizes((known) => ({ ...known, [image.key]: found }))}
                />
                {count > 1 && (
                  <>
                    <StepButton direction={-1} onClick={() => step(-1)} />
                    <StepButton direction={1} onClick={() => step(1)} />
                  </>
                )}
              </div>
              <div className="flex shrink-0 flex-col overflow-y-auto border-t border-line p-5 sm:p-6 lg:w-80 lg:border-t-0 lg:border-l">
                <p className="text-xs font-semibold text-ink-subtle tabular-nums">
                  {index + 1} of {count}
                </p>
                <DialogTitle className="mt-1 text-xl">
                  {image.editNumber ? `${noun} ${image.editNumber}` : noun}
                </DialogTitle>
                {image.instruction && (
                  <>
                    <h3 className="mt-4 font-sans text-xs font-semibold tracking-wide text-ink-subtle uppercase lg:mt-6">
                      Your edit
                    </h3>
                    <p className="mt-1 text-[0.9375rem] leading-relaxed font-medium text-ink">
                      “{image.instruction}”
                    </p>
                  </>
                )}
                <h3 className="mt-4 font-sans text-xs font-semibold tracking-wide text-ink-subtle uppercase lg:mt-6">
                  Background prompt
                </h3>
                <DialogPrimitive.Description asChild>
                  <p className="mt-1 line-clamp-3 text-[0.9375rem] leading-relaxed text-ink lg:line-clamp-none lg:max-h-48 lg:overflow-y-auto">
                    {image.prompt ?? "No prompt was saved with this image."}
                  </p>
                </DialogPrimitive.Description>
                <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 border-t border-line pt-4 text-sm lg:mt-6">
                  <dt className="text-ink-subtle">Created</dt>
                  <dd className="text-right font-medium text-ink">
                    <time dateTime={image.createdAt}>{formatImageDate(image.createdAt)}</time>
                  </dd>
                  <dt className="text-ink-subtle">Format</dt>
                  <dd className="text-right font-medium text-ink">{formatOf(image.url)}</dd>
                  <dt className="text-ink-subtle">Size</dt>
                  <dd className="text-right font-medium text-ink tabular-nums">
                    {size ? (
                      `${size.width} × ${size.height} px`
                    ) : (
                      <span className="inline-block h-4 w-24 animate-pulse rounded bg-sunken align-middle">
                        <span className="sr-only">Loading…</span>
                      </span>
                    )}
                  </dd>
                </dl>
                <div className="mt-5 lg:mt-auto lg:pt-6">
                  <div className="grid grid-cols-2 gap-2.5 lg:grid-cols-1">
                    <div
                      className={cx(
                        "flex gap-2",
                        cutoutUrl ? "col-span-2 sm:col-span-1" : "col-span-2 lg:col-span-1",
                      )}
                    >
                      <Button
                        className="min-w-0 flex-1"
                        loading={pending === image.url}
                        onClick={() =>
                          void download({ url: image.url, name: downloadNameOf(image) })
                        }
                      >
                        {pending !== image.url && <Download aria-hidden="true" />}
                        Download
                      </Button>
                      <DownloadFormatSelect />
                    </div>
                    {cutoutUrl && (
                      <Button
                        variant="secondary"
                        className="col-span-2 sm:col-span-1"
                        loading={pending === cutoutUrl}
                        onClick={() =>
                          void download({
                            url: cutoutUrl,
                            name: cutoutDownloadNameOf(image),
                            transparent: true,
                          })
                        }
                      >
                        {pending !== cutoutUrl && <Download aria-hidden="true" />}
                        {transparentLabel}
                      </Button>
                    )}
                  </div>
                  <div className="mt-2.5 grid grid-cols-2 gap-2.5 lg:grid-cols-1">
                    <Link
                      to={studioPathOf(image)}
                      className={buttonClasses({ variant: "secondary" })}
                    >
                      <Sparkles aria-hidden="true" />
                      Open in studio
                    </Link>
                    <Button
                      variant="dangerOutline"
                      aria-haspopup="dialog"
                      onClick={() => onDelete(image)}
                    >
                      <Trash2 aria-hidden="true" />
                      Delete
                    </Button>
                  </div>
                  {count > 1 && (
                    <p className="mt-3 hidden items-center justify-center gap-1.5 text-xs text-ink-subtle sm:flex">
                      <Kbd>←</Kbd>
                      <Kbd>→</Kbd>
                      <span className="ml-1">to browse,</span>
                      <Kbd>Esc</Kbd>
                      <span>to close</span>
                    </p>
                  )}
                </div>
              </div>
              <div className="absolute top-3 right-3 rounded-full bg-surface/90 shadow-card backdrop-blur sm:top-4 sm:right-4 lg:bg-transparent lg:shadow-none">
                <DialogCloseIcon label="Close" />
              </div>
              <p aria-live="polite" className="sr-only">
                {`Image ${index + 1} of ${count}`}
              </p>
            </>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
