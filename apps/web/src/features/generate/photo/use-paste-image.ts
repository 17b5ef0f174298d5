import { useEffect, useRef } from "react";

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return (
    target instanceof HTMLInputElement &&
    !["button", "checkbox", "file", "radio", "range", "reset", "submit"].includes(target.type)
  );
}

/** The first file on the clipboard, if any; the picker's checks decide if it is an image. */
function fileOf(data: DataTransfer | null): File | null {
  if (!data) return null;
  for (const item of Array.from(data.items ?? [])) {
    if (item.kind === "file") {
      const file = item.getAsFile();
      if (file) return file;
    }
  }
  return data.files?.[0] ?? null;
}

/**
 * Ctrl/Cmd+V anywhere on the page hands a pasted image to `onFile`, unless the person is
 * typing in a field, where pasting keeps its usual meaning.
 */
export function usePasteImage(onFile: (file: File) => void, enabled = true) {
  const handler = useRef(onFile);
  handler.current = onFile;

  useEffect(() => {
    if (!enabled) return;
    const onPaste = (event: ClipboardEvent) => {
      if (isTyping(event.target)) return;
      const file = fileOf(event.clipboardData);
      if (!file) return;
      event.preventDefault();
      handler.current(file);
    };
    document.addEventListener("paste", onPaste);
    return () => document.removeEventListener("paste", onPaste);
  }, [enabled]);
}
