import { describe, expect, it } from "vitest";
import { MaskHistory } from "./mask-history.ts";

describe("MaskHistory", () => {
  it("undoes and redoes steps in order, and a new step drops what was undone", () => {
    const history = new MaskHistory();
    const first = Uint8Array.of(1);
    history.record(first);
    first[0] = 9; // the snapshot is a copy
    expect(history.undo(Uint8Array.of(2))).toEqual(Uint8Array.of(1));
    expect(history.canRedo).toBe(true);
    expect(history.redo(Uint8Array.of(1))).toEqual(Uint8Array.of(2));
    expect(history.undo(Uint8Array.of(2))).toEqual(Uint8Array.of(1));
    history.record(Uint8Array.of(1));
    expect(history.canRedo).toBe(false);
    expect(history.undo(Uint8Array.of(3))).toEqual(Uint8Array.of(1));
    expect(history.undo(Uint8Array.of(1))).toBeNull();
  });

  it("keeps only the latest steps", () => {
    const history = new MaskHistory(2);
    for (const value of [1, 2, 3]) history.record(Uint8Array.of(value));
    expect(history.undo(Uint8Array.of(4))).toEqual(Uint8Array.of(3));
    expect(history.undo(Uint8Array.of(3))).toEqual(Uint8Array.of(2));
    expect(history.undo(Uint8Array.of(2))).toBeNull();
  });
});
