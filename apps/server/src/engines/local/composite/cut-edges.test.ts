import { describe, expect, it } from "vitest";
import type { Cutout } from "../types.ts";
import { cutEdges, solidCutSubject } from "./cut-edges.ts";
import { layoutOnWhite, layoutSubject } from "./framing.ts";

const [WIDTH, HEIGHT] = [200, 200];

/**
 * A bust the frame cuts at its chest, as the network mattes it out of focus: solid down to
 * row 170, then fading to alpha 90 at the bottom edge; a notch at its shoulder that the
 * network half lost (alpha 30), narrower than the closing closes.
 */
function fadingBust(): Cutout {
  const mask = Buffer.alloc(WIDTH * HEIGHT);
  const rgba = Buffer.alloc(WIDTH * HEIGHT * 4);
  for (let y = 40; y < HEIGHT; y++) {
    for (let x = 50; x < 150; x++) {
      const fade = y < 170 ? 255 : Math.round(255 - ((y - 170) / 29) * 165);
      const notch = x >= 96 && x < 104 && y >= 40 && y < 60;
      const alpha = notch ? 30 : fade;
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

  it("makes the fading run into the cut solid and closes a narrow notch, nothing else", async () => {
    const bust = fadingBust();
    const solid = await solidCutSubject(bust, cutEdges(bust));
    for (const x of [50, 100, 149]) expect(solid.mask[(HEIGHT - 1) * WIDTH + x]).toBe(255);
    expect(solid.mask[50 * WIDTH + 100]).toBeGreaterThan(200);
    expect(solid.rgba[(50 * WIDTH + 100) * 4 + 3]).toBe(solid.mask[50 * WIDTH + 100]);
    // Background stays background.
    expect(solid.mask[100 * WIDTH + 20]).toBe(0);
    expect(solid.mask[20 * WIDTH + 100]).toBe(0);
    expect(solid.mask[100 * WIDTH + 175]).toBe(0);
  });

  it("keeps a cut subject where the frame cuts it, in a scene and on white, not shrunk to float", async () => {
    for (const layout of [
      await layoutSubject(fadingBust(), camera),
      await layoutOnWhite(fadingBust()),
    ]) {
      expect(layout.bounds).toEqual({ left: 50, top: 40, right: 150, bottom: HEIGHT });
      expect(layout.standing).toBe(false);
      expect(layout.cutout.mask[(HEIGHT - 1) * WIDTH + 100]).toBe(255);
    }
  });
});
