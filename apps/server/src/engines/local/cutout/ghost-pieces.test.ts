import { describe, expect, it } from "vitest";
import { dropGhostPieces } from "./ghost-pieces.ts";

/** A 6×4 matte from rows of digits, each 0..9 standing for alpha 0..0.9 (5 and up is solid). */
function matte(rows: string[]): Float32Array {
  return Float32Array.from(rows.join("").split(""), (digit) => Number(digit) / 10);
}

const digits = (alpha: Float32Array) =>
  Array.from(alpha, (value) => Math.round(value * 10)).join("");

describe("dropGhostPieces", () => {
  it("clears a faint piece apart from the subject and keeps every piece with a solid body", () => {
    const alpha = matte(["990002", "990002", "000000", "009902"]);
    expect(dropGhostPieces(alpha, 6)).toBe(3);
    expect(digits(alpha)).toBe("990000990000000000009900");
  });

  it("keeps a faint fringe joined to the subject", () => {
    const alpha = matte(["992100", "990000", "000000", "000000"]);
    expect(dropGhostPieces(alpha, 6)).toBe(0);
    expect(digits(alpha)).toBe("992100990000000000000000");
  });
});
