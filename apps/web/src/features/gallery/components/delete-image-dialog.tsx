import { Trash2 } from "lucide-react";
import { useRef } from "react";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { DialogActions, DialogIcon } from "../../../components/ui/dialog-card.tsx";
import type { GalleryImage } from "../gallery-images.ts";

/**
 * Asks before deleting: says that the whole record goes (the upload and everything made from
 * it, in every tab) and that it cannot be undone. Cancel is the safe default under Enter.
 */
export function DeleteImageDialog({
  image,
  contents,
  onOpenChange,
  onConfirm,
}: {
  /** The image whose Delete was pressed; null when closed. */
  image: GalleryImage | null;
  /** What goes with it, as `recordContents` words it. */
  contents: string;
  onOpenChange: (open: boolean) => void;
  onConfirm: (image: GalleryImage) => void;
}) {
  // Opened from a tile or the full view, not a Trigger: the opener gets focus back on Cancel.
  // After a delete it is gone, and the gallery moves focus itself.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog open={image !== null} onOpenChange={onOpenChange}>
      <DialogContent
        onOpenAutoFocus={() => {
          opener.current =
            document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (opener.current?.isConnected) opener.current.focus();
        }}
      >
        <DialogIcon tone="danger">
          <Trash2 aria-hidden="true" className="size-6" />
        </DialogIcon>
        <DialogTitle className="mt-4">Delete this image?</DialogTitle>
        <DialogDescription>
          This deletes {contents}, from every tab of your gallery. It can't be undone, and the
          tokens spent on them are not returned.
        </DialogDescription>
        <DialogActions>
          <Button variant="danger" onClick={() => image && onConfirm(image)}>
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
