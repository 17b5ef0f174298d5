import { GENERATION_MESSAGES as M } from "@backdrop/shared";
import { describe, expect, it } from "vitest";
import {
  firstSceneState,
  type LookSettings,
  NEUTRAL_LOOK,
  planOf,
  type SceneState,
} from "../scene-state/index.ts";
import { editRefusal } from "./edit-check.ts";
import { subjectTarget } from "./edit-target.ts";

/** A kept state as the job layer hands it back: a generation's, with edits' looks on it. */
function kept(prompt: string, look: Partial<LookSettings> = {}, revisions: string[] = []) {
  const state: SceneState = {
    ...firstSceneState(prompt, 7, "fast"),
    revisions,
    look: { ...NEUTRAL_LOOK, ...look },
  };
  return { ...state } as Record<string, unknown>;
}

describe("subjectTarget", () => {
  it.each([
    ["change the motorcycle color to blue", "motorcycle"],
    ["make the bike blue", "bike"],
    ["change the cup's colour", "cup"],
    ["change the colour of the bike", "bike"],
    ["make the shoes red", "shoes"],
    ["the shoes should be red", "shoes"],
    ["red shoes", "shoes"],
    ["make the red bike blue", "bike"],
    ["make the background blue and the bike red", "bike"],
    ["recolor the product", "product"],
    ["make the product brighter", "product"],
    ["a brighter product", "product"],
    ["make the product pop", "product"],
    ["make him smile", "him smile"],
    ["make her look happier", "her"],
    ["give him sunglasses", "him sunglasses"],
    ["change her dress", "her dress"],
    ["make his shirt green", "his shirt"],
    ["change its colour", "its"],
    ["remove the logo", "logo"],
    ["turn the car red", "car"],
  ])("reads %j as a change of the subject (%s)", (prompt, target) => {
    expect(subjectTarget(prompt)).toBe(target);
  });

  it.each([
    "make the background blue",
    "blue sky",
    "warmer light",
    "make the light warmer",
    "make it sunset",
    "blur the background",
    "remove the shadow",
    "remove its shadow",
    "make the subject's shadow softer",
    "add a marble floor",
    "make the sky pink",
    "paint the wall blue",
    "red brick wall",
    "navy blue background",
    "make the colours pop",
    "give it a warmer look",
    "make the whole picture warmer",
    "change the lighting to golden hour",
    "swap the background for a forest",
    "let's make it warmer",
    "it's too dark, brighten it",
    "black and white",
    "the product on a beach at sunset",
    "not the product, just the background: darker",
  ])("reads %j as a change of the scene or the picture", (prompt) => {
    expect(subjectTarget(prompt)).toBeUndefined();
  });
});

type Row = [
  prompt: string,
  image: string,
  state: Record<string, unknown> | undefined,
  refusal: string | undefined,
];

const AT_SUNSET = kept("on a beach at sunset");
const BEACH = kept("on a beach");
const WITH_DRAPE = kept("on a wooden table with a linen drape");
const NO_KEPT = undefined;

describe("editRefusal", () => {
  // hasKeptScene is true exactly when a state is given, as the service asks.
  const rows: Row[] = [
    // The subject: refused whatever the image.
    ["change the motorcycle color to blue", "kept", BEACH, M.editTargetsSubject],
    ["make the bike blue", "upload", NO_KEPT, M.editTargetsSubject],
    ["remove the logo", "kept", BEACH, M.editTargetsSubject],
    ["make him smile", "kept", BEACH, M.editTargetsSubject],
    // A prop's colour or look: props are added or removed, their colour would land elsewhere.
    ["make the drape blue", "kept", WITH_DRAPE, M.editRestylesProp],
    ["change the drape's colour", "kept", WITH_DRAPE, M.editRestylesProp],
    ["turn the christmas lights red", "kept", BEACH, M.editRestylesProp],
    ["remove the drape", "kept", WITH_DRAPE, undefined],
    ["add palm shadows and make the background blue", "kept", BEACH, undefined],
    // Lemons the scene does not hold may be the seller's own product.
    ["make the lemons blue", "kept", BEACH, M.editTargetsSubject],
    ["make the brick wall white", "kept", kept("in a loft against a brick wall"), undefined],
    // Nothing understood.
    ["add a dog wearing a hat", "kept", BEACH, M.editNotUnderstood],
    ["remove the background", "upload", NO_KEPT, M.editNotUnderstood],
    // A scene change needs a kept scene.
    ["make it sunset", "upload", NO_KEPT, M.editNeedsOfflineScene],
    ["remove the shadow", "upload", NO_KEPT, M.editNeedsOfflineScene],
    // Would leave the picture as it is.
    ["make it sunset", "a sunset scene", AT_SUNSET, M.editChangesNothing],
    ["at dusk", "a sunset scene", AT_SUNSET, M.editChangesNothing],
    [
      "make it sunset",
      "sunset already asked",
      kept("on a beach", {}, ["at sunset"]),
      M.editChangesNothing,
    ],
    ["warmer", "warmth at its bound", kept("studio", { warmth: 3 }), M.editChangesNothing],
    ["remove the shadow", "shadow removed", kept("studio", { shadow: 0 }), M.editChangesNothing],
    ["remove the shadow", "a shadowless prompt", kept("studio, no shadow"), M.editChangesNothing],
    [
      "blur the background more",
      "blur at its bound",
      kept("studio", { blur: 3 }),
      M.editChangesNothing,
    ],
    [
      "darker background",
      "at its bound",
      kept("studio", { backgroundGain: 0.35 }),
      M.editChangesNothing,
    ],
    [
      "black and white",
      "already",
      kept("studio", { monochrome: "black and white" }),
      M.editChangesNothing,
    ],
    ["back in colour", "in colour", BEACH, M.editChangesNothing],
    ["back in colour", "upload", NO_KEPT, M.editChangesNothing],
    ["warmer, then cooler", "upload", NO_KEPT, M.editChangesNothing],
    // Honoured.
    ["make it sunset", "a beach by day", BEACH, undefined],
    ["make it night", "a sunset scene", AT_SUNSET, undefined],
    ["warmer", "warmth below its bound", kept("studio", { warmth: 2 }), undefined],
    ["cooler", "warmth at its bound", kept("studio", { warmth: 3 }), undefined],
    ["remove the shadow", "with its shadow", BEACH, undefined],
    ["add a shadow back", "shadow removed", kept("studio", { shadow: 0 }), undefined],
    ["make the background blue", "kept", BEACH, undefined],
    ["blue sky", "kept", BEACH, undefined],
    ["warmer light", "upload", NO_KEPT, undefined],
    ["blur the background", "upload", NO_KEPT, undefined],
    [
      "back in colour",
      "black and white",
      kept("studio", { monochrome: "black and white" }),
      undefined,
    ],
  ];

  it.each(rows)("answers %j on %s", (prompt, _image, state, refusal) => {
    expect(editRefusal(prompt, state !== undefined, state)).toBe(refusal);
  });

  it("without the state, judges only what the prompt says", () => {
    expect(editRefusal("make it sunset", true)).toBeUndefined();
    expect(editRefusal("make the bike blue", true)).toBe(M.editTargetsSubject);
  });

  it("speaks of what Backdrop changes, not of an offline editor", () => {
    for (const message of [
      M.editTargetsSubject,
      M.editNotUnderstood,
      M.editNeedsOfflineScene,
      M.editChangesNothing,
      M.editRestylesProp,
    ]) {
      expect(message).not.toMatch(/offline/i);
    }
    expect(M.editTargetsSubject).toMatch(/scene.*light and colour.*background blur.*shadow/);
  });
});

describe("the shadow chosen with a generation", () => {
  it("none: starts removed, so removing it changes nothing and adding it back does", () => {
    const state = firstSceneState("on a wooden table", 7, "fast", "none");
    expect(planOf(state).shadow).toBe(0);
    const kept = JSON.parse(JSON.stringify(state)) as Record<string, unknown>;
    expect(editRefusal("remove the shadow", true, kept)).toBe(M.editChangesNothing);
    expect(editRefusal("add a shadow back", true, kept)).toBeUndefined();
  });
});
