import { intentOf } from "./intent.ts";
import { planScene } from "./planner.ts";
import { readProps } from "./props.ts";
import { MATERIAL_WORDS, SETTING_WORDS, TIME_WORDS, TONE_WORDS } from "./words.ts";

/** What a prompt asks for, split into what the scene will show and what it will leave out. */
export type PromptReading = { understood: string[]; ignored: string[] };

/**
 * Words that carry no scene of their own: grammar, praise, photo jargon and the words for the
 * picture itself. They are neither drawn nor worth reporting as left out.
 */
const FILLER = new Set(
  `a an the and or but of for to by from into onto over under on in at with without near next
  beside behind front inside outside around against between among across along upon its it
  my our your their his her this that these those some any very really so too lots lot plenty
  more less little bit extra just only also nice beautiful pretty lovely stunning gorgeous
  amazing elegant clean simple minimal minimalist minimalistic modern classic luxury luxurious
  premium professional commercial high quality hd 4k 8k realistic photorealistic hyperrealistic
  photo photograph photography shot image picture scene setting style styled look vibe mood
  aesthetic product subject item background light lighting lit place placed put set sitting
  standing resting lying shadow shadows make give show featuring feature against like as is
  be are`.split(/\s+/),
);

const WORD = /[a-z][a-z'-]*/g;

/**
 * Every phrase in `text` naming the value the plan chose from a table: the plan reads one
 * material, so "pine" and "wooden" both become its wood, and both are drawn.
 */
function namesOfChosen<T>(text: string, table: [T, RegExp][], chosen: T | undefined): string[] {
  const pattern = table.find(([value]) => value === chosen)?.[1];
  if (!pattern) return [];
  return [...text.matchAll(new RegExp(pattern.source, "g"))].map((found) => found[0]);
}

/** Every span of `phrase` in `text`, so a word named twice is understood both times. */
function spansOf(text: string, phrase: string): [number, number][] {
  const spans: [number, number][] = [];
  for (let at = text.indexOf(phrase); at >= 0; at = text.indexOf(phrase, at + phrase.length)) {
    spans.push([at, at + phrase.length]);
  }
  return spans;
}

/**
 * The prompt's words the scene plan uses (`understood`, as the plan read them) and the runs of
 * other content words it will not draw (`ignored`, in the prompt's order), so the studio can
 * say before any charge what will be left out. A prop the place cannot hold ("lemons" on a
 * white background) is left out of the plan's words, so it is reported here.
 */
export function readPrompt(prompt: string): PromptReading {
  const text = prompt.toLowerCase();
  const intent = intentOf(text);
  // Other names of a chosen value are looked for outside prop phrases ("pine" of "pine cones").
  const { rest } = readProps(text);
  const understood = [
    ...new Set([
      ...planScene(text).words,
      ...namesOfChosen(rest, SETTING_WORDS, intent.setting),
      ...namesOfChosen(rest, MATERIAL_WORDS, intent.material),
      ...namesOfChosen(rest, TIME_WORDS, intent.time),
      ...namesOfChosen(rest, TONE_WORDS, intent.tone),
    ]),
  ];
  const covered = understood.flatMap((phrase) => spansOf(text, phrase));
  const isCovered = (start: number, end: number) =>
    covered.some(([from, to]) => start < to && end > from);

  const ignored: string[] = [];
  let run: string[] = [];
  let runEnd = -1;
  const endRun = () => {
    if (run.length > 0) ignored.push(run.join(" "));
    run = [];
  };
  for (const match of text.matchAll(WORD)) {
    const word = match[0].replace(/^'+|'+$/g, "").replace(/'s$/, "");
    const start = match.index;
    const end = start + match[0].length;
    const left = !isCovered(start, end) && word.length > 1 && !FILLER.has(word);
    // A run of left-out words is one phrase while only spaces stand between them.
    if (!left || /[^\s]/.test(text.slice(runEnd, start))) endRun();
    if (left) {
      run.push(word);
      runEnd = end;
    }
  }
  endRun();
  return { understood, ignored: [...new Set(ignored)] };
}
