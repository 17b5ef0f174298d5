import { describe, expect, it } from "vitest";
import type { Cutout } from "../types.ts";
import { cutEdges } from "./cut-edges.ts";
import { layoutOnWhite, layoutSubject } from "./framing.ts";

const [WIDTH, HEIGHT] = [200, 200];

/**
 * A bust the frame cuts at its chest, as the network mattes it out of focus: solid down to
 * row 170, then fading to alpha 90 at the bottom edge.
 */
function fadingBust(): Cutout {
  const mask = Buffer.alloc(WIDTH * HEIGHT);
  const rgba = Buffer.alloc(WIDTH * HEIGHT * 4);
  for (let y = 40; y < HEIGHT; y++) {
    for (let x = 50; x < 150; x++) {
      const fade = y < 170 ? 255 : Math.round(255 - ((y - 170) / 29) * 165);
      const alpha = fade;
      mask[y * WIDTH + x] = alpha;
      rgba.set([150, 110, 90, alpha], (y * WIDTH + x) * 4);
    }
  }
  return { rgba, mask, width: WIDTH, height: HEIGHT };
}

const camera = { closeUp: false, topDown: false, bokeh: 0.3 };

describe("cut edges", () => {
  it("finds the edge a subject fades into, which solid alpha alone misses", () => {
    expect(cutEdges(fadingBust())).toEqual({ top: false, bottom: true, left: false, right: false });
  });

  it("keeps a cut subject where the frame cuts it, in a scene and on white, not shrunk to float", async () => {
    for (const layout of [
      await layoutSubject(fadingBust(), camera),
      await layoutOnWhite(fadingBust()),
    ]) {
      // Where the photo has it, its solid part ending where the fade begins, and no floor under it.
      expect(layout.bounds).toEqual({ left: 50, top: 40, right: 150, bottom: 193 });
      expect(layout.cutout.mask.equals(fadingBust().mask)).toBe(true);
      expect(layout.standing).toBe(false);
      expect(layout.geometry.subject).toBeUndefined();
    }
  });
});
