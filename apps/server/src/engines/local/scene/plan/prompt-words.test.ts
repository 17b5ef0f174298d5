import { describe, expect, it } from "vitest";
import { readPrompt } from "./prompt-words.ts";

describe("readPrompt", () => {
  it("reports the words the plan draws, and every other content word as left out", () => {
    expect(readPrompt("On a Marble counter, morning light")).toEqual({
      understood: ["counter", "marble", "morning"],
      ignored: [],
    });
    expect(readPrompt("in a loft with gift boxes, a vase and ribbons beside it")).toEqual({
      understood: ["loft"],
      ignored: ["gift boxes", "vase", "ribbons"],
    });
  });

  it("keeps a run of left-out words together until punctuation or a drawn word breaks it", () => {
    expect(readPrompt("gift boxes and candy canes on a table, baubles").ignored).toEqual([
      "gift boxes",
      "candy canes",
      "baubles",
    ]);
    expect(readPrompt("vase, sofa cushions").ignored).toEqual(["vase", "cushions"]);
  });

  it("counts every name of a value the plan chose, and none of one it passed over", () => {
    // One material is read: pine and wooden are both its wood; the marble loses.
    const reading = readPrompt("on a pine table, wooden crates, marble tiles behind");
    expect(reading.understood).toEqual(expect.arrayContaining(["pine", "wooden"]));
    expect(reading.ignored).toEqual(expect.arrayContaining(["crates", "marble tiles"]));
  });

  it.each([
    ["with christmas lights", "christmas lights"],
    ["fairy lights in the background", "fairy lights"],
    ["warm string lights behind it", "warm string lights"],
    ["festoon lights", "festoon lights"],
    ["a festive christmas scene", "christmas"],
    ["an autumnal table", "autumnal"],
    ["a linen drape behind it", "linen drape"],
    ["sheer curtains", "sheer curtains"],
    ["against a brick wall", "brick wall"],
    ["in a loft", "loft"],
    ["exposed brick", "exposed brick"],
    ["palm leaf shadows", "palm leaf shadows"],
    ["dappled light on a table", "dappled light"],
    ["venetian blind shadows", "venetian blind shadows"],
    ["sunlight through the blinds", "sunlight through the blinds"],
    ["in an office with a window", "office"],
    ["home office", "home office"],
    ["in a workspace", "workspace"],
  ])("understands %j (%s) and leaves nothing of it out", (prompt, phrase) => {
    const reading = readPrompt(prompt);
    expect(reading.understood).toContain(phrase);
    expect(reading.ignored).toEqual([]);
  });

  it.each([
    ["white background with lemons", "lemons"],
    ["amazon listing, christmas lights", "christmas lights"],
    ["on the beach against a brick wall", "brick wall"],
    ["in a kitchen with curtains", "curtains"],
    ["flat lay with fairy lights", "fairy lights"],
    ["on the beach, venetian blinds", "venetian blinds"],
  ])("reports %j's %j as left out: the place cannot hold it", (prompt, phrase) => {
    const reading = readPrompt(prompt);
    expect(reading.ignored).toContain(phrase);
    expect(reading.understood).not.toContain(phrase);
  });

  it.each([
    ["pine branches around it", "pine branches"],
    ["fir branches and pine cones", "pine cones"],
    ["autumn leaves on the ground", "leaves"],
    ["next to a potted plant", "potted plant"],
    ["beside a monstera", "monstera"],
    ["succulents on a shelf", "succulents"],
    ["beside lemons", "lemons"],
    ["with sliced oranges", "sliced oranges"],
    ["citrus fruit on a table", "citrus fruit"],
    ["beside smooth pebbles", "smooth pebbles"],
    ["a water splash", "water splash"],
  ])("reports %j's %j as left out: it would look drawn beside a photograph", (prompt, phrase) => {
    const reading = readPrompt(prompt);
    expect(reading.ignored).toContain(phrase);
    expect(reading.understood).not.toContain(phrase);
  });

  it("understands autumn as the season when its leaves are left out", () => {
    expect(readPrompt("autumn leaves on a wooden table")).toEqual({
      understood: ["table", "wooden", "autumn"],
      ignored: ["leaves"],
    });
  });

  it("reads a colour right before a prop it draws in its own colours as left out", () => {
    expect(readPrompt("red christmas lights on a table")).toEqual({
      understood: ["christmas lights", "table"],
      ignored: ["red"],
    });
    // A wall prop takes the colour: a white brick wall is painted brick.
    expect(readPrompt("white brick wall").ignored).toEqual([]);
  });

  it("does not report grammar, praise or photo jargon as left out", () => {
    expect(
      readPrompt("a beautiful professional photo of the product on the beach, 4k").ignored,
    ).toEqual([]);
  });
});
