import { Trash2 } from "lucide-react";
import type { GalleryImage } from "../gallery-images.ts";
import { GalleryTile } from "./gallery-tile.tsx";

const GRID = "grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4";

/**
 * A tile's own Delete, in its top-right corner: shown on hover and keyboard focus, and always
 * on touch screens, which have no hover.
 */
function TileDelete({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      aria-haspopup="dialog"
      className="absolute top-2 right-2 inline-flex size-9 items-center justify-center rounded-full border border-line bg-surface/90 text-ink-muted opacity-0 shadow-xs backdrop-blur transition hover:border-danger-600/40 hover:bg-danger-50 hover:text-danger-600 focus-visible:opacity-100 group-hover/tile:opacity-100 pointer-coarse:opacity-100"
    >
      <Trash2 aria-hidden="true" className="size-4" />
    </button>
  );
}

export function GalleryGrid({
  images,
  noun,
  onOpen,
  onDelete,
  tileRef,
}: {
  images: GalleryImage[];
  noun: string;
  onOpen: (key: string) => void;
  /** Asks to delete the image's record. */
  onDelete: (image: GalleryImage) => void;
  /** Collects the tiles, so closing the viewer can return focus to the image last shown. */
  tileRef: (key: string, element: HTMLButtonElement | null) => void;
}) {
  return (
    <ul className={GRID}>
      {images.map((image) => (
        <li key={image.key} className="group/tile relative">
          <GalleryTile
            ref={(element) => tileRef(image.key, element)}
            image={image}
            noun={noun}
            onOpen={() => onOpen(image.key)}
          />
          <TileDelete
            label={`Delete ${image.editNumber ? `${noun} ${image.editNumber}` : noun}: ${image.prompt ?? "No prompt"}`}
            onClick={() => onDelete(image)}
          />
        </li>
      ))}
    </ul>
  );
}

/** The grid's shape while the records load; fades in only if the answer is slow. */
export function GallerySkeleton() {
  return (
    <div aria-busy="true">
      <p className="sr-only">Loading your images…</p>
      <ul aria-hidden="true" className={`${GRID} animate-delayed-fade-in`}>
        {Array.from({ length: 8 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <li key={index} className="aspect-square animate-pulse rounded-2xl bg-sunken" />
        ))}
      </ul>
    </div>
  );
}
