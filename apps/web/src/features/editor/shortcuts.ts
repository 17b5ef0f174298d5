type KeyLike = Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "shiftKey" | "altKey">;

/**
 * The history command a key press asks for: Ctrl/Cmd+Z undoes, Ctrl/Cmd+Shift+Z and Ctrl+Y
 * redo. Callers skip text fields, where the browser's own undo applies.
 */
export function historyShortcut(event: KeyLike): "undo" | "redo" | null {
  const mod = event.ctrlKey || event.metaKey;
  if (!mod || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === "z") return event.shiftKey ? "redo" : "undo";
  if (key === "y" && event.ctrlKey && !event.shiftKey) return "redo";
  return null;
}

/** Ctrl/Cmd+Enter sends the prompt. */
export function isSubmitShortcut(event: KeyLike): boolean {
  return event.key === "Enter" && (event.ctrlKey || event.metaKey);
}

export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLInputElement ||
    target.isContentEditable
  );
}

/** "⌘" on Apple devices, "Ctrl" elsewhere, for the hints beside the controls. */
export function modifierLabel(): string {
  const platform = typeof navigator === "undefined" ? "" : navigator.platform;
  return /Mac|iPhone|iPad/.test(platform) ? "⌘" : "Ctrl";
}
