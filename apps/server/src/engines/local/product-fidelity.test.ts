import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { quietJob, standInEngine } from "../../../test/helpers/stand-in-engine.ts";
import type { EngineImage } from "../image-engine.ts";

/** The offline engine's own results carry their true fidelity figure (issue 15, point 4). */

const photos = fileURLToPath(new URL("../../../test/fixtures/photos/", import.meta.url));
const { engine, generate, edit } = standInEngine();

async function astronaut(): Promise<EngineImage> {
  const bytes = await sharp(`${photos}astronaut.png`).resize(320, 320).png().toBuffer();
  return { bytes, contentType: "image/png", width: 320, height: 320 };
}

describe("the offline engine's fidelity", () => {
  it("keeps every product pixel on white, and says so", async () => {
    const result = await generate(await astronaut(), "pure white background");
    expect(result.subject?.fidelity).toMatchObject({ kept: "original" });
    expect(result.subject?.fidelity?.withinDeltaE2).toBeGreaterThan(0.99);
  });

  it("reports its light match in a scene as it is, not as unchanged", async () => {
    const result = await generate(await astronaut(), "on a beach at golden hour");
    const fidelity = result.subject?.fidelity;
    expect(fidelity?.kept).toBe("light-matched");
    expect(fidelity?.withinDeltaE2).toBeLessThan(0.99);
    expect(fidelity?.meanDeltaE).toBeGreaterThan(0.5);
    // Bounded: most of the product stays close to its photo.
    expect(fidelity?.meanDeltaE).toBeLessThan(15);
  });

  it("measures an edit rendered again, where the kept scene lays the subject", async () => {
    const first = await generate(await astronaut(), "pure white background");
    const edited = await edit(first, "make it warmer");
    // The look warms the scene; the product is the one the generation composed.
    expect(edited.subject?.fidelity).toEqual(first.subject?.fidelity);
    expect(edited.subject?.fidelity?.kept).toBe("original");
    expect(edited.subject?.placement).toEqual(first.subject?.placement);
  });

  it("measures an upscale against the subject laid twice as large", async () => {
    const image = await astronaut();
    const cutout = await engine.cutOut?.({ image }, quietJob());
    if (!cutout) throw new Error("the offline engine cuts out");
    const placement = { x: 0, y: 0, width: 320, height: 320 };
    const upscaled = await engine.upscale(
      {
        image,
        options: { upscale_factor: 2, creativity: 0.35, resemblance: 0.6 },
        subject: { cutout, placement },
      },
      quietJob(),
    );
    expect(upscaled.subject?.placement).toEqual({ x: 0, y: 0, width: 640, height: 640 });
    expect(upscaled.subject?.fidelity?.kept).toBe("upscaled");
    expect(upscaled.subject?.fidelity?.withinDeltaE2).toBeGreaterThan(0.5);
  });
});
