import { describe, expect, it } from "vitest";
import { seededRandom } from "../common/index.ts";
import { buildEsrganGraph, readEsrganLayers } from "./esrgan-graph.ts";
import { ESRGAN_REACH, esrganTileModel } from "./esrgan-model.ts";

/** An NHWC image in plain arrays, for a reference implementation that is easy to trust. */
type Nhwc = { h: number; w: number; c: number; data: Float64Array };

function conv(x: Nhwc, kernel: Float32Array, dims: number[], bias: Float32Array): Nhwc {
  const [k = 1, , cin = 0, cout = 0] = dims;
  const p = (k - 1) / 2;
  const out: Nhwc = { h: x.h, w: x.w, c: cout, data: new Float64Array(x.h * x.w * cout) };
  for (let y = 0; y < x.h; y++)
    for (let xx = 0; xx < x.w; xx++)
      for (let o = 0; o < cout; o++) {
        let sum = bias[o] ?? 0;
        for (let ky = 0; ky < k; ky++)
          for (let kx = 0; kx < k; kx++) {
            const sy = y + ky - p;
            const sx = xx + kx - p;
            if (sy < 0 || sx < 0 || sy >= x.h || sx >= x.w) continue;
            for (let i = 0; i < cin; i++) {
              sum +=
                (x.data[(sy * x.w + sx) * cin + i] ?? 0) *
                (kernel[((ky * k + kx) * cin + i) * cout + o] ?? 0);
            }
          }
        out.data[(y * x.w + xx) * cout + o] = sum;
      }
  return out;
}

const map = (x: Nhwc, f: (v: number) => number): Nhwc => ({ ...x, data: x.data.map(f) });

function concat(parts: Nhwc[]): Nhwc {
  const first = parts[0] as Nhwc;
  const c = parts.reduce((sum, part) => sum + part.c, 0);
  const data = new Float64Array(first.h * first.w * c);
  for (let p = 0; p < first.h * first.w; p++) {
    let at = p * c;
    for (const part of parts)
      for (let i = 0; i < part.c; i++) data[at++] = part.data[p * part.c + i] ?? 0;
  }
  return { h: first.h, w: first.w, c, data };
}

function upsample(x: Nhwc, s: number): Nhwc {
  const out: Nhwc = {
    h: x.h * s,
    w: x.w * s,
    c: x.c,
    data: new Float64Array(x.data.length * s * s),
  };
  for (let y = 0; y < out.h; y++)
    for (let xx = 0; xx < out.w; xx++)
      for (let i = 0; i < x.c; i++) {
        out.data[(y * out.w + xx) * x.c + i] =
          x.data[(Math.floor(y / s) * x.w + Math.floor(xx / s)) * x.c + i] ?? 0;
      }
  return out;
}

/** Runs the Keras layer list as written, with no folding and no ONNX. */
function reference(input: Nhwc): Nhwc {
  const { layers, weights } = readEsrganLayers();
  const values = new Map<string, Nhwc>();
  for (const layer of layers) {
    const inputs = (layer.inbound_nodes[0] ?? []).map(([name]) => values.get(name) as Nhwc);
    const [x] = inputs as [Nhwc];
    const c = layer.config;
    let y: Nhwc;
    if (layer.class_name === "InputLayer") y = input;
    else if (layer.class_name === "Conv2D") {
      const kernel = weights.get(`${layer.name}/kernel`);
      const bias = weights.get(`${layer.name}/bias`);
      if (!kernel || !bias) throw new Error(`no weights for ${layer.name}`);
      y = conv(x, kernel.data, kernel.dims, bias.data);
      if (c.activation === "relu") y = map(y, (v) => Math.max(0, v));
    } else if (layer.class_name === "Activation") y = map(x, (v) => Math.max(0, v));
    else if (layer.class_name === "Concatenate") y = concat(inputs);
    else if (layer.class_name === "Add") {
      y = map(x, (v) => v);
      for (const other of inputs.slice(1)) {
        for (let i = 0; i < other.data.length; i++)
          y.data[i] = (y.data[i] ?? 0) + (other.data[i] ?? 0);
      }
    } else if (layer.class_name === "UpSampling2D") y = upsample(x, (c.size as number[])[0] ?? 1);
    else throw new Error(layer.class_name);
    values.set(layer.name, y);
  }
  return values.get(layers.at(-1)?.name ?? "") as Nhwc;
}

describe("ESRGAN-slim on onnxruntime", () => {
  it("computes what the Keras layers describe, borders included", async () => {
    const random = seededRandom(7);
    const [w, h] = [13, 9];
    const input: Nhwc = { h, w, c: 3, data: new Float64Array(h * w * 3) };
    for (let i = 0; i < input.data.length; i++) input.data[i] = Math.round(random() * 255);
    const expected = reference(input);

    const planes = new Float32Array(3 * h * w);
    for (let p = 0; p < h * w; p++)
      for (let ch = 0; ch < 3; ch++) planes[ch * h * w + p] = input.data[p * 3 + ch] ?? 0;
    const got = await esrganTileModel.run(planes, w, h, new AbortController().signal);

    expect(got.length).toBe(3 * 4 * h * w);
    let worst = 0;
    for (let p = 0; p < 4 * h * w; p++)
      for (let ch = 0; ch < 3; ch++) {
        const diff = Math.abs((got[ch * 4 * h * w + p] ?? 0) - (expected.data[p * 3 + ch] ?? 0));
        worst = Math.max(worst, diff);
      }
    expect(worst).toBeLessThan(0.01);
    // It is a real network, not the identity: the output differs from nearest upsampling.
    expect(expected.data.some((v, i) => Math.abs(v - (upsample(input, 2).data[i] ?? 0)) > 2)).toBe(
      true,
    );
  });

  it("declares the reach its layers have", () => {
    expect(buildEsrganGraph().reach).toBe(ESRGAN_REACH);
  });
});
