import { describe, expect, it } from "vitest";
import {
  canRedo,
  canUndo,
  createHistory,
  currentImage,
  type EditorHistory,
  type HistoryAction,
  hasEdits,
  historyReducer,
  isAtOriginal,
  stepLabel,
} from "./editor-history.ts";

const run = (state: EditorHistory, ...actions: HistoryAction[]) =>
  actions.reduce(historyReducer, state);
const edited = (url: string): HistoryAction => ({ type: "edited", url });

describe("editor history", () => {
  it("starts at the original, with nothing to undo or redo", () => {
    const state = createHistory("o.png");
    expect(state).toEqual({ entries: ["o.png"], cursor: 0 });
    expect(currentImage(state)).toBe("o.png");
    expect(canUndo(state)).toBe(false);
    expect(canRedo(state)).toBe(false);
    expect(hasEdits(state)).toBe(false);
  });

  it("appends each edit and shows it", () => {
    const state = run(createHistory("o.png"), edited("a.png"), edited("b.png"));
    expect(state).toEqual({ entries: ["o.png", "a.png", "b.png"], cursor: 2 });
    expect(currentImage(state)).toBe("b.png");
    expect(hasEdits(state)).toBe(true);
  });

  it("moves back and forth with undo and redo, and stops at either end", () => {
    const edits = run(createHistory("o.png"), edited("a.png"), edited("b.png"));
    const back = run(edits, { type: "undo" }, { type: "undo" }, { type: "undo" });
    expect(back.cursor).toBe(0);
    expect(canUndo(back)).toBe(false);
    expect(back.entries).toEqual(edits.entries);

    const forth = run(back, { type: "redo" }, { type: "redo" }, { type: "redo" });
    expect(forth.cursor).toBe(2);
    expect(canRedo(forth)).toBe(false);
  });

  it("drops the later history when an edit is made after undoing", () => {
    const state = run(
      createHistory("o.png"),
      edited("a.png"),
      edited("b.png"),
      { type: "undo" },
      edited("c.png"),
    );
    expect(state).toEqual({ entries: ["o.png", "a.png", "c.png"], cursor: 2 });
    expect(canRedo(state)).toBe(false);
  });

  it("jumps to any step in range and ignores the others", () => {
    const edits = run(createHistory("o.png"), edited("a.png"), edited("b.png"));
    expect(historyReducer(edits, { type: "jump", index: 1 }).cursor).toBe(1);
    expect(historyReducer(edits, { type: "jump", index: 3 })).toBe(edits);
    expect(historyReducer(edits, { type: "jump", index: -1 })).toBe(edits);
  });

  it("resets to the original as a new step that can be undone", () => {
    const edits = run(createHistory("o.png"), edited("a.png"), edited("b.png"));
    const reset = historyReducer(edits, { type: "reset" });
    expect(reset).toEqual({ entries: ["o.png", "a.png", "b.png", "o.png"], cursor: 3 });
    expect(isAtOriginal(reset)).toBe(true);
    expect(stepLabel(reset, 3)).toBe("Step 3: reset to original");

    expect(currentImage(historyReducer(reset, { type: "undo" }))).toBe("b.png");
  });

  it("drops the redo history on reset, as an edit does", () => {
    const state = run(
      createHistory("o.png"),
      edited("a.png"),
      edited("b.png"),
      { type: "undo" },
      { type: "reset" },
    );
    expect(state).toEqual({ entries: ["o.png", "a.png", "o.png"], cursor: 2 });
  });

  it("does nothing on reset when the original is already shown", () => {
    const start = createHistory("o.png");
    expect(historyReducer(start, { type: "reset" })).toBe(start);
    const undone = run(start, edited("a.png"), { type: "undo" });
    expect(historyReducer(undone, { type: "reset" })).toBe(undone);
  });

  it("names the steps for the history strip", () => {
    const state = run(createHistory("o.png"), edited("a.png"));
    expect(stepLabel(state, 0)).toBe("Original");
    expect(stepLabel(state, 1)).toBe("Step 1: edit");
  });
});
