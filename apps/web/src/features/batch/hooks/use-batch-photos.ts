import { useCallback, useEffect, useRef, useState } from "react";
import { checkPhoto, readImageSize, type SizeReader } from "../../generate/index.ts";
import { MAX_BATCH_PHOTOS } from "../batch-limits.ts";
import type { BatchPhoto } from "../batch-photo.ts";

/** A file the batch did not take, and why. */
export type RefusedFile = { name: string; message: string };

/** What the last pick left out: files past the batch's room, and files that are no photos. */
export type PickNotice = { overLimit: number; refused: RefusedFile[] };

type Checked = { photo: Omit<BatchPhoto, "id"> } | { refused: RefusedFile };

/** The studio's checks of one photo (type, weight, pixel size), with its preview URL. */
async function checkBatchPhoto(file: File, readSize: SizeReader): Promise<Checked> {
  const checked = await checkPhoto(file, readSize);
  return checked.ok
    ? { photo: { file: checked.file, previewUrl: checked.url, ...checked.size } }
    : { refused: { name: file.name, message: checked.message } };
}

/**
 * The batch's photos, in the order they were picked, at most MAX_BATCH_PHOTOS: a pick past
 * that keeps its first files and says how many were left out. Every photo passes the studio's
 * checks; those that fail are named with the reason.
 */
export function useBatchPhotos(readSize: SizeReader = readImageSize) {
  const [photos, setPhotos] = useState<BatchPhoto[]>([]);
  const [notice, setNotice] = useState<PickNotice | null>(null);
  const [checking, setChecking] = useState(0);
  const held = useRef<BatchPhoto[]>([]);
  // files being checked count against the room, so two quick picks cannot pass the limit
  const pending = useRef(0);
  const nextId = useRef(0);

  const replace = useCallback((next: BatchPhoto[]) => {
    held.current = next;
    setPhotos(next);
  }, []);

  useEffect(
    () => () => {
      for (const photo of held.current) URL.revokeObjectURL(photo.previewUrl);
    },
    [],
  );

  const add = useCallback(
    async (files: readonly File[]) => {
      const room = Math.max(0, MAX_BATCH_PHOTOS - held.current.length - pending.current);
      const taken = files.slice(0, room);
      pending.current += taken.length;
      setChecking((count) => count + 1);
      const checked = await Promise.all(taken.map((file) => checkBatchPhoto(file, readSize)));
      pending.current -= taken.length;
      setChecking((count) => count - 1);
      const added = checked.flatMap((result) =>
        "photo" in result ? [{ ...result.photo, id: `photo-${++nextId.current}` }] : [],
      );
      const refused = checked.flatMap((result) => ("refused" in result ? [result.refused] : []));
      replace([...held.current, ...added]);
      const overLimit = files.length - taken.length;
      setNotice(overLimit > 0 || refused.length > 0 ? { overLimit, refused } : null);
    },
    [readSize, replace],
  );

  const remove = useCallback(
    (id: string) => {
      const photo = held.current.find((one) => one.id === id);
      if (photo) URL.revokeObjectURL(photo.previewUrl);
      replace(held.current.filter((one) => one.id !== id));
    },
    [replace],
  );

  const clear = useCallback(() => {
    for (const photo of held.current) URL.revokeObjectURL(photo.previewUrl);
    replace([]);
    setNotice(null);
  }, [replace]);

  return { photos, notice, checking: checking > 0, add, remove, clear };
}
