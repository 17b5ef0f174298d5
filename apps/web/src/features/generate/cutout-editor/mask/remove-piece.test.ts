import { describe, expect, it } from "vitest";
import type { Mask } from "./mask-brush.ts";
import { removePiece } from "./remove-piece.ts";

/** A mask from rows of characters: # kept (255), + half (128), . removed (0). */
function maskOf(rows: string[]): Mask {
  const width = (rows[0] as string).length;
  const values: Record<string, number> = { "#": 255, "+": 128, "-": 127, ".": 0 };
  const data = Uint8Array.from(rows.join(""), (cell) => values[cell] as number);
  return { data, width, height: rows.length };
}

const rowsOf = (mask: Mask) =>
  Array.from({ length: mask.height }, (_, y) =>
    Array.from(mask.data.slice(y * mask.width, (y + 1) * mask.width), (value) =>
      value >= 128 ? "#" : ".",
    ).join(""),
  );

describe("removePiece", () => {
  it("removes the whole connected piece clicked, and nothing else", () => {
    const mask = maskOf(["##....###", "##....###", "......###", ".##......", ".##......"]);
    const changed = removePiece(mask, 7, 1);

    expect(rowsOf(mask)).toEqual(["##.......", "##.......", ".........", ".##......", ".##......"]);
    expect(changed).toEqual({ x: 6, y: 0, width: 3, height: 3 });
  });

  it("follows diagonal neighbours (8-connected) and counts 128 and above as kept", () => {
    const mask = maskOf(["#....", ".+...", "..#..", "...-#", "....."]);
    removePiece(mask, 0, 0);

    expect(rowsOf(mask)).toEqual([".....", ".....", ".....", "....#", "....."]);
  });

  it("changes nothing on a removed pixel or off the mask", () => {
    const mask = maskOf(["#.", ".#"]);
    expect(removePiece(mask, 1, 0)).toBeNull();
    expect(removePiece(mask, 5, 5)).toBeNull();
    expect(removePiece(mask, -1, 0)).toBeNull();
    expect(rowsOf(mask)).toEqual(["#.", ".#"]);
  });

  it("reads the pointer's place in fractions of a pixel", () => {
    const mask = maskOf(["##", ".."]);
    expect(removePiece(mask, 1.7, 0.4)).not.toBeNull();
    expect(rowsOf(mask)).toEqual(["..", ".."]);
  });
});
