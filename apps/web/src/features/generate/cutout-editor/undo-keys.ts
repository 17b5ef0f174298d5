type Keys = { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean };

const command = (keys: Keys) => keys.ctrlKey || keys.metaKey;

/** Ctrl+Z (⌘Z on a Mac). */
export const isUndo = (keys: Keys) =>
  command(keys) && !keys.shiftKey && keys.key.toLowerCase() === "z";

/** Ctrl+Shift+Z (⇧⌘Z), or Ctrl+Y. */
export const isRedo = (keys: Keys) =>
  command(keys) &&
  ((keys.shiftKey && keys.key.toLowerCase() === "z") || keys.key.toLowerCase() === "y");
