import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import {
  GALLERY_TABS,
  type GalleryImage,
  type GalleryTabId,
  isGalleryTab,
  recordContents,
} from "../gallery-images.ts";
import { useDeleteRecord } from "../hooks/use-delete-record.ts";
import { useGallery } from "../hooks/use-gallery.ts";
import { DeleteImageDialog } from "./delete-image-dialog.tsx";
import { GalleryGrid, GallerySkeleton } from "./gallery-grid.tsx";
import { GalleryEmpty, GalleryError } from "./gallery-notices.tsx";
import { GalleryTabs, panelId, tabId } from "./gallery-tabs.tsx";
import { ImageViewer } from "./image-viewer.tsx";

/** The tab in the address (`?tab=processed`), so reloads and the back button keep it. */
function useSelectedTab() {
  const [params, setParams] = useSearchParams();
  const value = params.get("tab");
  const selected: GalleryTabId = isGalleryTab(value) ? value : "generated";
  const select = (id: GalleryTabId) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === "generated") next.delete("tab");
        else next.set("tab", id);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return [selected, select] as const;
}

/**
 * SPEC point 2's gallery: the three tabs, their grids of thumbnails and the full view; Delete
 * (on a tile or in the full view) asks first, then removes the image's whole record.
 */
export function Gallery({ uid }: { uid: string }) {
  const { query, images } = useGallery(uid);
  const [selected, select] = useSelectedTab();
  const [openKey, setOpenKey] = useState<string | null>(null);
  const tiles = useRef(new Map<string, HTMLButtonElement>());
  const tab = GALLERY_TABS.find((candidate) => candidate.id === selected) ?? GALLERY_TABS[0];
  const [deleting, setDeleting] = useState<GalleryImage | null>(null);
  const deleteRecord = useDeleteRecord(uid);
  const deleted = useRef(false);

  const confirmDelete = (image: GalleryImage) => {
    deleted.current = true;
    setDeleting(null);
    setOpenKey(null);
    deleteRecord.mutate(image.recordId);
  };

  // The deleted tile and its viewer are gone: focus goes to the tab, the grid's start.
  useEffect(() => {
    if (!deleted.current || deleting) return;
    deleted.current = false;
    const frame = requestAnimationFrame(() => document.getElementById(tabId(selected))?.focus());
    return () => cancelAnimationFrame(frame);
  }, [deleting, selected]);

  // After a successful Retry its button is gone: focus goes to the tabs that replaced it.
  const retried = useRef(false);
  useEffect(() => {
    if (!images || !retried.current) return;
    retried.current = false;
    document.getElementById(tabId(selected))?.focus();
  }, [images, selected]);

  if (!images && query.isError) {
    return (
      <GalleryError
        onRetry={() => {
          retried.current = true;
          void query.refetch();
        }}
        retrying={query.isFetching}
      />
    );
  }
  const counts = images
    ? {
        generated: images.generated.length,
        processed: images.processed.length,
        upscaled: images.upscaled.length,
      }
    : null;
  const shown = images?.[selected] ?? [];

  return (
    <div>
      <GalleryTabs
        selected={selected}
        counts={counts}
        onSelect={(id) => {
          setOpenKey(null);
          select(id);
        }}
      />
      {GALLERY_TABS.map(({ id }) => (
        <div
          key={id}
          role="tabpanel"
          id={panelId(id)}
          aria-labelledby={tabId(id)}
          hidden={id !== selected}
          className="mt-8"
        >
          {id !== selected ? null : !images ? (
            <GallerySkeleton />
          ) : shown.length === 0 ? (
            <GalleryEmpty tab={id} />
          ) : (
            <GalleryGrid
              images={shown}
              noun={tab?.noun ?? ""}
              onOpen={setOpenKey}
              onDelete={setDeleting}
              tileRef={(key, element) => {
                if (element) tiles.current.set(key, element);
                else tiles.current.delete(key);
              }}
            />
          )}
        </div>
      ))}
      <ImageViewer
        images={shown}
        noun={tab?.noun ?? ""}
        openKey={openKey}
        onOpenKeyChange={setOpenKey}
        returnFocus={(key) => tiles.current.get(key)}
        onDelete={setDeleting}
      />
      <DeleteImageDialog
        image={deleting}
        contents={recordContents(query.data?.find((record) => record._id === deleting?.recordId))}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
