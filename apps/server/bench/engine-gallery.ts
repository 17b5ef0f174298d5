/**
 * `npm run gallery`: renders every scene of the offline engine's library (by its own prompt)
 * with three fixture photos through the `local` engine, and writes docs/engine-gallery.md with
 * small WebP copies of the results, so anyone can judge the engine's quality at a glance.
 */
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { GENERATION_DEFAULTS } from "@backdrop/shared";
import sharp from "sharp";
import type { EngineImage, JobContext } from "../src/engines/image-engine.ts";
import { createLocalEngine } from "../src/engines/local/local.engine.ts";
import { SCENE_LIBRARY } from "../src/engines/local/scene/index.ts";
import { GALLERY_EDITS, GALLERY_PHOTOS, gallerySlug } from "./gallery-prompts.ts";

const DOCS = fileURLToPath(new URL("../../../docs/", import.meta.url));
const IMAGES = `${DOCS}engine-gallery/`;
const FIXTURES = fileURLToPath(new URL("../test/fixtures/photos/", import.meta.url));
/** Small enough to commit dozens of them, large enough to judge edges and shadows. */
const SHOWN_WIDTH = 320;
const SEED = 11;
const EDITS_PER_ROW = 4;

const ctx: JobContext = { signal: new AbortController().signal, reportStage: () => undefined };
const engine = createLocalEngine();

async function upload(file: string): Promise<EngineImage> {
  const bytes = await readFile(`${FIXTURES}${file}`);
  const meta = await sharp(bytes).metadata();
  const png = await sharp(bytes).png().toBuffer();
  return { bytes: png, contentType: "image/png", width: meta.width ?? 0, height: meta.height ?? 0 };
}

async function saveSmall(image: EngineImage, name: string): Promise<string> {
  const file = `${name}.webp`;
  await sharp(image.bytes)
    .resize({ width: SHOWN_WIDTH })
    .webp({ quality: 72 })
    .toFile(`${IMAGES}${file}`);
  return `engine-gallery/${file}`;
}

await rm(IMAGES, { recursive: true, force: true });
await mkdir(IMAGES, { recursive: true });

const rows: string[] = [];
const photos = await Promise.all(
  GALLERY_PHOTOS.map(async (photo) => {
    const image = await upload(photo.file);
    // Cut out once, as an upload is: each generation then starts with its cut-out ready.
    const cutout = await engine.cutOut?.({ image }, ctx);
    if (!cutout) throw new Error("The offline engine cuts out");
    return { ...photo, image, cutout };
  }),
);
const originals = await Promise.all(
  photos.map((photo) => saveSmall(photo.image, `original-${gallerySlug(photo.file)}`)),
);
rows.push(
  `| Uploaded | ${originals.map((src, i) => `![${photos[i]?.label}](${src})`).join(" | ")} |`,
);

const timings: number[] = [];
for (const scene of SCENE_LIBRARY) {
  const cells: string[] = [];
  for (const photo of photos) {
    const started = performance.now();
    const result = await engine.generate(
      {
        image: photo.image,
        cutout: photo.cutout,
        prompt: scene.prompt,
        options: GENERATION_DEFAULTS,
        method: "queue",
        seed: SEED,
      },
      ctx,
    );
    timings.push(performance.now() - started);
    const src = await saveSmall(result, `${gallerySlug(photo.file)}-${scene.id}`);
    cells.push(`![${photo.label}, ${scene.prompt}](${src})`);
  }
  rows.push(`| **${scene.name}**<br>“${scene.prompt}” | ${cells.join(" | ")} |`);
  process.stderr.write(`${scene.name}\n`);
}

// Edits, each made on the first picture of the row, as the studio's editor would send them.
const editRows: string[] = [];
for (const [photoFile, prompt] of GALLERY_EDITS.starts) {
  const photo = photos.find(({ file }) => file === photoFile);
  if (!photo) throw new Error(`No gallery photo ${photoFile}`);
  const base = await engine.generate(
    {
      image: photo.image,
      cutout: photo.cutout,
      prompt,
      options: GENERATION_DEFAULTS,
      method: "queue",
      seed: SEED,
    },
    ctx,
  );
  const name = `edit-${gallerySlug(photo.file)}`;
  const cells = [`![${prompt}](${await saveSmall(base, `${name}-start`)})<br>“${prompt}”`];
  for (const instruction of GALLERY_EDITS.instructions) {
    const edited = await engine.edit({ image: base, prompt: instruction, kept: base.keep }, ctx);
    const src = await saveSmall(edited, `${name}-${gallerySlug(instruction)}`);
    cells.push(`![${instruction}](${src})<br>“${instruction}”`);
  }
  for (let i = 0; i < cells.length; i += EDITS_PER_ROW) {
    editRows.push(`| ${cells.slice(i, i + EDITS_PER_ROW).join(" | ")} |`);
  }
}

const header = `| Scene and its prompt | ${photos.map((photo) => photo.label).join(" | ")} |`;
const rule = `|---|${photos.map(() => "---").join("|")}|`;
const seconds = (timings.reduce((sum, ms) => sum + ms, 0) / timings.length / 1000).toFixed(1);
await writeFile(
  `${DOCS}engine-gallery.md`,
  `# The offline engine's gallery

What the \`local\` engine (no keys, no network) makes of three fixture photos in
\`apps/server/test/fixtures/photos/\`: one row for each of the ${SCENE_LIBRARY.length} scenes of its
photographed library, asked for by the scene's own prompt, with the \`queue\` method and seed
${SEED}. The pictures are shown ${SHOWN_WIDTH} px wide; the engine renders them at the upload's size.
Made by \`npm run gallery\` (${timings.length} generations with the cut-out ready, ${seconds} s each
on average on the machine that made them). The photographs and textures the scenes are built
from are credited in \`apps/server/assets/scenes/CREDITS.md\`.

${header}
${rule}
${rows.join("\n")}

## Edits

Each edit starts from the picture on the left of its first row and re-renders it from the kept
cut-out and scene, as an edit in the studio's AI editor does.

|${" |".repeat(EDITS_PER_ROW)}
|${"---|".repeat(EDITS_PER_ROW)}
${editRows.join("\n")}
`,
);
process.stderr.write(`wrote docs/engine-gallery.md\n`);
