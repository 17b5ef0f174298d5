import { useCallback, useEffect, useRef, useState } from "react";
import { checkPhoto } from "./check-photo.ts";
import { IMAGE_MESSAGES, type ImageSize, readImageSize, type SizeReader } from "./image-checks.ts";
import type { CheckSteps } from "./photo-intake.ts";

export type PickedImage = ImageSize & { file: File; url: string };

/** What the picker is doing with a file before it is taken or refused. */
export type PickerWork = "checking" | "converting" | "resizing";

/** Stand-ins for the decoder and the resizer, in tests. */
type PickerOptions = Pick<CheckSteps, "convertHeic"> & {
  resize?: (file: File) => Promise<File>;
};

/** Resizing is code for a click on "Resize to fit": fetched then. */
const resizeToFit = async (file: File) => (await import("./photo-resize.ts")).resizeToFit(file);

/**
 * Holds the chosen photo and its preview URL. A refused file leaves the previous choice in place
 * and explains why in `error`; one only too large can be scaled down (`resizeToFit`). A small
 * photo waits in `small` until the seller keeps it (`keepSmall`) or drops it (`dropSmall`):
 * until then it is not the chosen photo, so nothing uploads it and Generate cannot use it.
 */
export function useImagePicker(
  readSize: SizeReader = readImageSize,
  { convertHeic, resize = resizeToFit }: PickerOptions = {},
) {
  const [image, setImage] = useState<PickedImage | null>(null);
  const [small, setSmall] = useState<PickedImage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [resizable, setResizable] = useState<File | null>(null);
  const [work, setWork] = useState<PickerWork | null>(null);
  const current = useRef<PickedImage | null>(null);
  const waiting = useRef<PickedImage | null>(null);
  const attempt = useRef(0);

  const replace = useCallback((next: PickedImage | null) => {
    if (current.current) URL.revokeObjectURL(current.current.url);
    current.current = next;
    setImage(next);
  }, []);

  const wait = useCallback((next: PickedImage | null) => {
    if (waiting.current) URL.revokeObjectURL(waiting.current.url);
    waiting.current = next;
    setSmall(next);
  }, []);

  useEffect(
    () => () => {
      replace(null);
      wait(null);
    },
    [replace, wait],
  );

  const settle = useCallback(
    (next: { error?: string | null; resizable?: File | null; small?: PickedImage | null }) => {
      setWork(null);
      setError(next.error ?? null);
      setResizable(next.resizable ?? null);
      wait(next.small ?? null);
    },
    [wait],
  );

  const pick = useCallback(
    async (file: File) => {
      const id = ++attempt.current;
      // What was said about the last file, or a small one waiting, is not about this one.
      setError(null);
      setResizable(null);
      wait(null);
      const checked = await checkPhoto(file, readSize, {
        convertHeic,
        onConverting: () => id === attempt.current && setWork("converting"),
        onDecoding: () => id === attempt.current && setWork((now) => now ?? "checking"),
      });
      if (id !== attempt.current) {
        if (checked.ok) URL.revokeObjectURL(checked.url);
        return;
      }
      if (!checked.ok) return settle({ error: checked.message, resizable: checked.resizable });
      const picked = { file: checked.file, url: checked.url, ...checked.size };
      if (checked.small) return settle({ small: picked });
      settle({});
      replace(picked);
    },
    [readSize, convertHeic, replace, settle, wait],
  );

  /** Scales the refused photo down to the limits, then checks it as a new pick. */
  const resizeRefused = useCallback(async () => {
    if (!resizable) return;
    const id = ++attempt.current;
    setWork("resizing");
    let resized: File;
    try {
      resized = await resize(resizable);
    } catch {
      if (id === attempt.current) settle({ error: IMAGE_MESSAGES.damaged });
      return;
    }
    if (id === attempt.current) await pick(resized);
  }, [resizable, resize, pick, settle]);

  const keepSmall = useCallback(() => {
    const kept = waiting.current;
    if (!kept) return;
    waiting.current = null;
    setSmall(null);
    replace(kept);
  }, [replace]);

  const remove = useCallback(() => {
    attempt.current++;
    settle({});
    replace(null);
  }, [replace, settle]);

  const previewFailed = useCallback(() => {
    replace(null);
    setError(IMAGE_MESSAGES.previewFailed);
  }, [replace]);

  return {
    image,
    error,
    /** A file is being read, converted or resized. */
    checking: work !== null,
    work,
    /** How many picks, resizes and removals there have been: a new count means a new choice. */
    picks: () => attempt.current,
    /** The refused photo can be scaled down to the limits. */
    resizable: resizable !== null,
    resizeToFit: () => void resizeRefused(),
    /** A small photo waiting for the seller's word. */
    small,
    keepSmall,
    dropSmall: () => wait(null),
    pick,
    remove,
    previewFailed,
  };
}
