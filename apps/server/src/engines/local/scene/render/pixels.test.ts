import { describe, expect, it } from "vitest";
import { planScene } from "../plan/index.ts";
import { depthOfField } from "./pixels.ts";

const width = 1024;
const height = 400;
const geometry = { width, height, horizon: 300 };

/** A backdrop that is black left of the middle and white right of it. */
function halves(): Buffer {
  const frame = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    frame.fill(255, (y * width + width / 2) * 3, (y + 1) * width * 3);
  return frame;
}

const at = (frame: Buffer, x: number, y: number) => frame[(y * width + x) * 3] ?? 0;

describe("depthOfField", () => {
  it("throws the backdrop out of focus by the radius its bokeh asks for", async () => {
    // Bokeh 1 at 1024 px asks for a blur of sigma 25: 25 px from an edge is still a sixth mixed.
    const plan = {
      ...planScene("on a table"),
      camera: { closeUp: false, topDown: false, bokeh: 1 },
    };
    const soft = await depthOfField(halves(), geometry, plan, "fast");
    expect(at(soft, width / 2 - 25, 100)).toBeGreaterThan(25);
    expect(at(soft, width / 2 + 24, 100)).toBeLessThan(230);
    // The far end of each half is untouched.
    expect(at(soft, 10, 100)).toBe(0);
    expect(at(soft, width - 10, 100)).toBe(255);
  });

  it("keeps the floor at the subject's foot in focus", async () => {
    const plan = {
      ...planScene("on a table"),
      camera: { closeUp: false, topDown: false, bokeh: 1 },
    };
    const soft = await depthOfField(halves(), geometry, plan, "rich");
    expect(at(soft, width / 2 - 25, height - 1)).toBe(0);
  });
});
