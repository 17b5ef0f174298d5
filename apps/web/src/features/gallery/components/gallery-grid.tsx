import type { GalleryImage } from "../gallery-images.ts";
import { GalleryTile } from "./gallery-tile.tsx";

const GRID = "grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4";

export function GalleryGrid({
  images,
  noun,
  onOpen,
  tileRef,
}: {
  images: GalleryImage[];
  noun: string;
  onOpen: (key: string) => void;
  /** Collects the tiles, so closing the viewer can return focus to the image last shown. */
  tileRef: (key: string, element: HTMLButtonElement | null) => void;
}) {
  return (
    <ul className={GRID}>
      {images.map((image) => (
        <li key={image.key}>
          <GalleryTile
            ref={(element) => tileRef(image.key, element)}
            image={image}
            noun={noun}
            onOpen={() => onOpen(image.key)}
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
