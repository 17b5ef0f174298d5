import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { createLocalEngine } from "../src/engines/local/local.engine.ts";

const engine = createLocalEngine();
const ctx = { signal: new AbortController().signal, reportStage: () => undefined };
for (const f of ["astronaut.png", "coffee.png", "rocket.jpg", "cat.png"]) {
  const bytes = await readFile(`test/fixtures/photos/${f}`);
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
  const c = await engine.cutOut!({ image }, ctx);
  const { data, info } = await sharp(c.bytes).raw().toBuffer({ resolveWithObject: true });
  const W = info.width,
    H = info.height;
  let l = W,
    r = 0,
    t = H,
    b = 0;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++)
      if (data[(y * W + x) * 4 + 3]! >= 128) {
        l = Math.min(l, x);
        r = Math.max(r, x);
        t = Math.min(t, y);
        b = Math.max(b, y);
      }
  console.log(f, W, H, { l, t, r: W - 1 - r, b: H - 1 - b });
}
