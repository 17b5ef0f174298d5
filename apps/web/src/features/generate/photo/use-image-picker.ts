import { useCallback, useEffect, useRef, useState } from "react";
import {
  checkPhoto,
  IMAGE_MESSAGES,
  type ImageSize,
  readImageSize,
  type SizeReader,
} from "./image-checks.ts";

export type PickedImage = ImageSize & { file: File; url: string };

/**
 * Holds the chosen photo and its preview URL. A rejected file leaves the previous choice in
 * place and explains why in `error`.
 */
export function useImagePicker(readSize: SizeReader = readImageSize) {
  const [image, setImage] = useState<PickedImage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const current = useRef<PickedImage | null>(null);
  const attempt = useRef(0);

  const replace = useCallback((next: PickedImage | null) => {
    if (current.current) URL.revokeObjectURL(current.current.url);
    current.current = next;
    setImage(next);
  }, []);

  useEffect(() => () => replace(null), [replace]);

  const pick = useCallback(
    async (file: File) => {
      const id = ++attempt.current;
      // A file refused for its type or weight leaves `checking` as it was.
      let decoding = false;
      const checked = await checkPhoto(file, readSize, () => {
        decoding = true;
        setChecking(true);
      });
      if (id !== attempt.current) {
        if (checked.ok) URL.revokeObjectURL(checked.url);
        return;
      }
      if (decoding) setChecking(false);
      if (!checked.ok) {
        setError(checked.message);
        return;
      }
      setError(null);
      replace({ file, url: checked.url, ...checked.size });
    },
    [readSize, replace],
  );

  const remove = useCallback(() => {
    attempt.current++;
    setChecking(false);
    setError(null);
    replace(null);
  }, [replace]);

  const previewFailed = useCallback(() => {
    replace(null);
    setError(IMAGE_MESSAGES.previewFailed);
  }, [replace]);

  return { image, error, checking, pick, remove, previewFailed };
}
