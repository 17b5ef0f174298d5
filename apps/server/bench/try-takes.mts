import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { GENERATION_DEFAULTS } from "@backdrop/shared";
import sharp from "sharp";
import { createLocalEngine } from "../src/engines/local/local.engine.ts";
import { SCENE_LIBRARY } from "../src/engines/local/scene/index.ts";

const FIX = fileURLToPath(new URL("../test/fixtures/photos/", import.meta.url));
const ctx = { signal: new AbortController().signal, reportStage: () => undefined };
const engine = createLocalEngine();
const files = (process.env.FILES ?? "astronaut.png").split(",");
const only = process.env.ONLY;
const sheet = process.env.SHEET;
const small = (png: Buffer) =>
  sharp(png).resize(128, 128, { fit: "fill" }).removeAlpha().raw().toBuffer();
function diff(a: Buffer, b: Buffer) {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += Math.abs(a[i]! - b[i]!);
  return s / a.length;
}
const results: [string, number][] = [];
for (const file of files) {
  const bytes = await readFile(FIX + file);
  const png = await sharp(bytes)
    .resize(640, 640, { fit: "inside" })
    .png()
    .toBuffer({ resolveWithObject: true });
  const image = {
    bytes: png.data,
    contentType: "image/png",
    width: png.info.width,
    height: png.info.height,
  };
  const cutout = await engine.cutOut!({ image }, ctx);
  const scenes = only ? SCENE_LIBRARY.filter((s) => s.id.includes(only)) : SCENE_LIBRARY;
  for (const scene of scenes) {
    const outs: Buffer[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await engine.generate(
        {
          image,
          cutout,
          prompt: scene.prompt,
          options: GENERATION_DEFAULTS,
          method: "queue",
          seed: 500 + i,
        },
        ctx,
      );
      outs.push(r.bytes);
    }
    const sm = await Promise.all(outs.map(small));
    let c = 1e9;
    for (let i = 0; i < 4; i++)
      for (let j = i + 1; j < 4; j++) c = Math.min(c, diff(sm[i]!, sm[j]!));
    results.push([`${file} ${scene.id}`, c]);
    console.log(`${c.toFixed(1).padStart(6)} ${file} ${scene.id}`);
    if (sheet) {
      const tiles = await Promise.all(
        outs.map((o) =>
          sharp(o).resize(300, 300, { fit: "contain", background: "#888" }).png().toBuffer(),
        ),
      );
      await sharp({ create: { width: 1200, height: 300, channels: 3, background: "#000" } })
        .composite(tiles.map((t, i) => ({ input: t, left: i * 300, top: 0 })))
        .png()
        .toFile(`/tmp/m/${file}-${scene.id}.png`);
    }
  }
}
const bad = results.filter(([, c]) => c < 12);
console.log(`under 12: ${bad.length}/${results.length}`);
