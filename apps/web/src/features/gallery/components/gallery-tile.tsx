import { ImageOff } from "lucide-react";
import { type Ref, useState } from "react";
import { cx } from "../../../lib/cx.ts";
import { formatImageDate, type GalleryImage } from "../gallery-images.ts";

/** A corner chip that tells apart what the tabs hold: a record's edits, and upscales. */
function tileTag(image: GalleryImage): string | null {
  if (image.tab === "upscaled") return "2×";
  if (image.tab === "processed") return `Edit ${image.editNumber ?? 1}`;
  return null;
}

/**
 * One thumbnail in a square box that never changes size: a skeleton until the small WebP has
 * loaded, then the image; its prompt and date show on hover and keyboard focus.
 */
export function GalleryTile({
  image,
  noun,
  onOpen,
  ref,
}: {
  image: GalleryImage;
  noun: string;
  onOpen: () => void;
  ref?: Ref<HTMLButtonElement>;
}) {
  const [state, setState] = useState<"loading" | "loaded" | "failed">("loading");
  const date = formatImageDate(image.createdAt);
  const prompt = image.prompt ?? "No prompt";
  // an AI edit is named by what the user asked of it, its scene after
  const caption = image.instruction ? `“${image.instruction}”` : prompt;
  const tag = tileTag(image);
  return (
    <button
      ref={ref}
      type="button"
      onClick={onOpen}
      aria-label={`${image.editNumber ? `${noun} ${image.editNumber}` : noun}: ${image.instruction ? `${caption}; ${prompt}` : prompt}, ${date}`}
      aria-haspopup="dialog"
      className="group relative block aspect-square w-full overflow-hidden rounded-2xl border border-line bg-sunken shadow-card transition-shadow duration-200 hover:shadow-panel"
    >
      {state === "loading" && (
        <span aria-hidden="true" className="absolute inset-0 animate-pulse bg-sunken" />
      )}
      {state === "failed" ? (
        <span
          aria-hidden="true"
          className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-ink-subtle"
        >
          <ImageOff className="size-6" />
          <span className="text-xs font-medium">Preview unavailable</span>
        </span>
      ) : (
        <img
          src={image.thumbUrl}
          alt=""
          width={480}
          height={480}
          loading="lazy"
          decoding="async"
          draggable={false}
          onLoad={() => setState("loaded")}
          onError={() => setState("failed")}
          className={cx(
            "absolute inset-0 size-full object-cover transition duration-300 ease-out group-hover:scale-[1.03]",
            state === "loaded" ? "opacity-100" : "opacity-0",
          )}
        />
      )}
      {tag && (
        <span
          aria-hidden="true"
          className="absolute top-2.5 left-2.5 rounded-full bg-surface/90 px-2 py-0.5 text-[0.6875rem] font-semibold text-ink shadow-xs backdrop-blur"
        >
          {tag}
        </span>
      )}
      <span
        aria-hidden="true"
        className={cx(
          "pointer-events-none absolute inset-x-0 bottom-0 flex flex-col gap-0.5 bg-linear-to-t from-ink/85 via-ink/45 to-transparent px-3 pt-12 pb-3 text-left transition-opacity duration-200 group-hover:opacity-100 group-focus-visible:opacity-100",
          // an edit's instruction is what tells it from its siblings: always shown
          image.instruction ? "opacity-100" : "opacity-0",
        )}
      >
        <span className="line-clamp-2 text-sm leading-snug font-medium text-white">{caption}</span>
        <span className="text-xs text-white/75">{date}</span>
      </span>
    </button>
  );
}
