/**
 * The AI editor's history (SPEC point 4 "AI editor"): the image URLs the user has been
 * through, the original first, and a cursor on the one shown.
 *
 * Reset to Original is recorded as a new step that shows the original again, so it can be
 * undone like any edit; it drops the redo history, as an edit does.
 */
export type EditorHistory = Readonly<{ entries: readonly string[]; cursor: number }>;

export type HistoryAction =
  | { type: "edited"; url: string }
  | { type: "undo" }
  | { type: "redo" }
  | { type: "jump"; index: number }
  | { type: "reset" };

export function createHistory(original: string): EditorHistory {
  return { entries: [original], cursor: 0 };
}

/** Adds `url` right after the shown image and drops everything that came after it. */
function push(state: EditorHistory, url: string): EditorHistory {
  const entries = [...state.entries.slice(0, state.cursor + 1), url];
  return { entries, cursor: entries.length - 1 };
}

export function historyReducer(state: EditorHistory, action: HistoryAction): EditorHistory {
  switch (action.type) {
    case "edited":
      return push(state, action.url);
    case "undo":
      return canUndo(state) ? { ...state, cursor: state.cursor - 1 } : state;
    case "redo":
      return canRedo(state) ? { ...state, cursor: state.cursor + 1 } : state;
    case "jump": {
      const inRange = action.index >= 0 && action.index < state.entries.length;
      return inRange && action.index !== state.cursor ? { ...state, cursor: action.index } : state;
    }
    case "reset":
      return isAtOriginal(state) ? state : push(state, originalImage(state));
  }
}

export function originalImage(state: EditorHistory): string {
  return state.entries[0] ?? "";
}

export function currentImage(state: EditorHistory): string {
  return state.entries[state.cursor] ?? originalImage(state);
}

export function canUndo(state: EditorHistory): boolean {
  return state.cursor > 0;
}

export function canRedo(state: EditorHistory): boolean {
  return state.cursor < state.entries.length - 1;
}

export function isAtOriginal(state: EditorHistory): boolean {
  return currentImage(state) === originalImage(state);
}

/** Whether any edit (or reset) was made, i.e. closing without saving would lose something. */
export function hasEdits(state: EditorHistory): boolean {
  return state.entries.length > 1;
}

/** The accessible name of a step in the history strip. */
export function stepLabel(state: EditorHistory, index: number): string {
  if (index === 0) return "Original";
  return state.entries[index] === originalImage(state)
    ? `Step ${index}: reset to original`
    : `Step ${index}: edit`;
}
