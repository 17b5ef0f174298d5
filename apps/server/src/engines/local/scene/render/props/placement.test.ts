import { describe, expect, it } from "vitest";
import { planScene } from "../../plan/index.ts";
import type { Canvas } from "../svg.ts";
import { spotsFor } from "./placement.ts";

/** A wooden table with lemons, the subject standing where `left`..`right` puts it. */
function canvasWith(left: number, right: number): Canvas {
  return {
    geometry: {
      width: 240,
      height: 160,
      horizon: 90,
      subject: { left, top: 40, right, bottom: 140 },
    },
    plan: planScene("on a wooden table with lemons"),
    random: () => 0.5,
    quality: "fast",
    lightX: 60,
    seed: 1,
  };
}

describe("prop spots", () => {
  it("put props on the side with room when the subject stands near the other", () => {
    // Standing in the right third (a take's shot): the lemons go to its left, not off the frame.
    expect(spotsFor(canvasWith(168, 232), [["lemons", "front"]]).get("lemons")?.side).toBe(-1);
    expect(spotsFor(canvasWith(8, 72), [["lemons", "front"]]).get("lemons")?.side).toBe(1);
  });

  it("still use both sides around a subject in the middle", () => {
    const spots = spotsFor(canvasWith(90, 150), [
      ["plant", "back"],
      ["lemons", "front"],
    ]);
    expect(spots.get("plant")?.side).not.toBe(spots.get("lemons")?.side);
  });
});
