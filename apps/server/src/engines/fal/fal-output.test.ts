import { describe, expect, it } from "vitest";
import { EngineError } from "../image-engine.ts";
import { resultImageUrls } from "./fal-output.ts";

const image = (name: string) => ({ url: `https://v3b.fal.media/files/${name}.png` });

describe("resultImageUrls", () => {
  it("reads every image of a batch, or the single image of an upscale", () => {
    const batch = { images: [image("a"), image("b")], has_nsfw_concepts: [false, false] };
    expect(resultImageUrls(batch, "images")).toEqual([image("a").url, image("b").url]);
    expect(resultImageUrls({ image: image("c") }, "image")).toEqual([image("c").url]);
  });

  it("leaves out the takes fal's safety checker flagged, and refuses when all are", () => {
    const some = { images: [image("a"), image("b")], has_nsfw_concepts: [true, false] };
    expect(resultImageUrls(some, "images")).toEqual([image("b").url]);
    const all = { images: [image("a")], has_nsfw_concepts: [true] };
    expect(() => resultImageUrls(all, "images")).toThrow(
      expect.objectContaining({ failure: "rejected" }),
    );
  });

  it("counts an answer without a usable image as a failure of the service", () => {
    for (const data of [{}, { images: [] }, { images: [{ url: "" }] }, null, { image: {} }]) {
      const read = () => resultImageUrls(data, data && "image" in data ? "image" : "images");
      expect(read).toThrow(EngineError);
      expect(read).toThrow(expect.objectContaining({ failure: "unavailable" }));
    }
  });
});
