import { describe, expect, it } from "vitest";
import { readPrompt } from "./prompt-words.ts";

describe("readPrompt", () => {
  it("reports the words the plan draws, and every other content word as left out", () => {
    expect(readPrompt("On a Marble counter, morning light")).toEqual({
      understood: ["counter", "marble", "morning"],
      ignored: [],
    });
    expect(readPrompt("in a loft with a brick wall, palm shadows, lemons beside it")).toEqual({
      understood: [],
      ignored: ["loft", "brick wall", "palm", "lemons"],
    });
  });

  it("keeps a run of left-out words together until punctuation or a drawn word breaks it", () => {
    expect(readPrompt("christmas lights and pine branches on a table").ignored).toEqual([
      "christmas lights",
      "branches",
    ]);
    expect(readPrompt("vase, sofa cushions").ignored).toEqual(["vase", "cushions"]);
  });

  it("counts every name of a value the plan chose, and none of one it passed over", () => {
    // One material is read: pine and wooden are both its wood; the marble loses.
    const reading = readPrompt("on a pine table, wooden crates, marble tiles behind");
    expect(reading.understood).toEqual(expect.arrayContaining(["pine", "wooden"]));
    expect(reading.ignored).toEqual(expect.arrayContaining(["crates", "marble tiles"]));
  });

  it("does not report grammar, praise or photo jargon as left out", () => {
    expect(
      readPrompt("a beautiful professional photo of the product on the beach, 4k").ignored,
    ).toEqual([]);
  });
});
