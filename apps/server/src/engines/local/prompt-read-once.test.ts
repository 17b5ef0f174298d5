import { beforeEach, describe, expect, it, vi } from "vitest";
import { boxPhoto } from "../../../test/helpers/box-photo.ts";
import { standInEngine } from "../../../test/helpers/stand-in-engine.ts";

/** Every text the scene vocabulary reads into words (its one reader, intentOf), in order. */
const read = vi.hoisted(() => ({ texts: [] as string[] }));

vi.mock("./scene/plan/intent.ts", async (importOriginal) => {
  const actual = await importOriginal<{ intentOf: (text: string) => unknown }>();
  return {
    ...actual,
    intentOf: (text: string) => {
      read.texts.push(text);
      return actual.intentOf(text);
    },
  };
});

const PROMPT = "on a wooden table with lemons at golden hour";
const { generate } = standInEngine();

describe("one generation", () => {
  beforeEach(() => {
    read.texts = [];
  });

  it("reads its prompt into words once, for the kept props and the plan alike", async () => {
    const result = await generate(await boxPhoto(), PROMPT);
    expect(result.keep?.state.props).toEqual(["lemons"]);
    expect(read.texts.filter((text) => text.toLowerCase() === PROMPT)).toHaveLength(1);
  });
});
