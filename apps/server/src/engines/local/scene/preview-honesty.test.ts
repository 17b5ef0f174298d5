import { describe, expect, it } from "vitest";
import { SCENE_LIBRARY } from "./library/index.ts";
import { meaningOf, planScene, readPrompt } from "./plan/index.ts";
import { renderScene } from "./render/index.ts";

/**
 * What the preview says is what is drawn: every word it marks as understood changes the
 * picture, and no word it marks as left out changes anything.
 */

const geometry = {
  width: 160,
  height: 120,
  horizon: 70,
  subject: { left: 60, top: 30, right: 100, bottom: 96 },
};
const SEED = 7;
/** Mean change per channel, of 255, that counts as a change a seller can see. */
const VISIBLE = 1;

const SELLER_PROMPTS = [
  "on black velvet, dramatic spotlight",
  "in a snowy cabin with string lights and a large window",
  "on a marble counter, morning light",
  "on a wooden table in a cozy café, bokeh",
  "on a sandy beach at golden hour",
  "in a forest clearing, backlit",
  "on a city street at night, neon lights",
  "on a linen tablecloth in a sunny kitchen",
  "on concrete, dark and moody, top-down",
  "floating over calm water at sunset",
  "with christmas lights and pine branches",
  "on a picnic blanket in a park",
  "on a sofa in a bright living room",
  "on a rock in the fog",
  "in a misty autumn forest",
  "autumn leaves on a wooden table, lemons beside it",
  "sage green backdrop, soft light from the left",
  "on a stone pedestal, pastel pink background, hard shadows",
  "on a glass shelf in a bright bathroom, gift boxes beside it",
];

const PROMPTS = [...new Set([...SCENE_LIBRARY.map((scene) => scene.prompt), ...SELLER_PROMPTS])];

async function render(prompt: string): Promise<Buffer> {
  return renderScene(planScene(prompt), geometry, SEED, "fast");
}

function difference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
}

/** The prompt with each word taken out where it first stands, spaces tidied. */
function without(prompt: string, words: string[]): string {
  let left = prompt;
  for (const word of words) {
    const at = left.toLowerCase().indexOf(word.toLowerCase());
    if (at < 0) continue;
    left = `${left.slice(0, at)} ${left.slice(at + word.length)}`;
  }
  return left.replace(/\s+/g, " ").trim();
}

const pairs = (word: string) =>
  Object.entries(meaningOf(word)).map(([field, value]) => `${field}=${JSON.stringify(value)}`);

/**
 * The understood words naming what `word` names, and what those name in turn ("pure white",
 * "white" and "marketplace"): taken out together, as synonyms.
 */
function synonyms(word: string, understood: string[]): string[] {
  const group = new Set([word]);
  const named = new Set(pairs(word));
  for (let grew = true; grew; ) {
    grew = false;
    for (const other of understood) {
      if (group.has(other) || !pairs(other).some((pair) => named.has(pair))) continue;
      group.add(other);
      for (const pair of pairs(other)) named.add(pair);
      grew = true;
    }
  }
  return [...group];
}

/**
 * A place or surface a prompt names that the scene has anyway without it ("studio" is the
 * scene of a prompt naming no place): drawn, though taking it out changes nothing.
 */
function namesTheDefault(word: string, prompt: string): boolean {
  const meaning = meaningOf(word);
  const plan = planScene(prompt);
  const named = Object.keys(meaning);
  if (named.some((field) => field !== "setting" && field !== "material")) return false;
  return (
    named.length > 0 &&
    (meaning.setting === undefined || meaning.setting === plan.setting) &&
    (meaning.material === undefined || meaning.material === plan.material)
  );
}

describe("the scene preview's words", () => {
  it.each(PROMPTS)(
    "“%s”: each understood word is drawn, each left-out word changes nothing",
    async (prompt) => {
      const { understood, ignored } = readPrompt(prompt);
      const drawn = await render(prompt);
      const unseen: string[] = [];
      for (const word of understood) {
        const rest = without(prompt, synonyms(word, understood));
        const change = difference(drawn, await render(rest));
        if (change < VISIBLE && !namesTheDefault(word, rest)) {
          unseen.push(`${word} (${change.toFixed(2)})`);
        }
      }
      const changing: string[] = [];
      for (const word of ignored) {
        const change = difference(drawn, await render(without(prompt, [word])));
        if (change > 0) changing.push(`${word} (${change.toFixed(2)})`);
      }
      expect({ unseen, changing }).toEqual({ unseen: [], changing: [] });
    },
  );

  it("draws the library's scene each scene's prompt asks for", () => {
    for (const scene of SCENE_LIBRARY) {
      expect(planScene(scene.prompt).scene, scene.prompt).toBe(scene.id);
    }
  });

  it("draws black velvet under a spotlight dark, not as a white wall", async () => {
    const pixels = await render("on black velvet, dramatic spotlight");
    const { width, height } = geometry;
    let border = 0;
    let count = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (x > 8 && x < width - 8 && y > 8) continue;
        const at = (y * width + x) * 3;
        border += ((pixels[at] ?? 0) + (pixels[at + 1] ?? 0) + (pixels[at + 2] ?? 0)) / 3;
        count++;
      }
    }
    expect(border / count).toBeLessThan(40);
  });
});
