import { useState } from "react";

/**
 * The "Refine cut-out" dialog of one upload, and the cut-out it last saved, which the photo
 * then shows in place of the photo.
 */
export function useCutoutRefining() {
  const [open, setOpen] = useState(false);
  const [refinedUrl, setRefinedUrl] = useState<string | null>(null);
  return { open, setOpen, refinedUrl, saved: setRefinedUrl };
}
