import { useCallback, useEffect, useRef, useState } from "react";
import {
  checkImageFile,
  checkImageSize,
  IMAGE_MESSAGES,
  type ImageSize,
  readImageSize,
} from "../image-checks.ts";

export type PickedImage = ImageSize & { file: File; url: string };

type SizeReader = (url: string) => Promise<ImageSize>;

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
      const basicError = checkImageFile(file);
      if (basicError) {
        setError(basicError);
        return;
      }
      setChecking(true);
      const url = URL.createObjectURL(file);
      let message: string | null;
      let size: ImageSize | null = null;
      try {
        size = await readSize(url);
        message = checkImageSize(size);
      } catch {
        message = IMAGE_MESSAGES.previewFailed;
      }
      if (id !== attempt.current) {
        URL.revokeObjectURL(url);
        return;
      }
      setChecking(false);
      if (message || !size) {
        URL.revokeObjectURL(url);
        setError(message);
        return;
      }
      setError(null);
      replace({ file, url, ...size });
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
