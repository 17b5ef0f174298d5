import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { OnnxGraph, OnnxNode, OnnxTensor } from "./onnx-writer.ts";

export type EsrganGraph = {
  graph: OnnxGraph;
  /**
   * How many input pixels away an output pixel can still see: a tile grown by this margin
   * gives its centre exactly the values of a whole-image run.
   */
  reach: number;
};

const MODEL_PACKAGE = "@upscalerjs/esrgan-slim";
/** The package's 2x RDN (C1 D2 G4 G0=64); it takes and returns RGB in 0..255. */
const MODEL_DIR = "models/x2";

export const ESRGAN_INPUT = "LR";
export const ESRGAN_OUTPUT = "SR";

type KerasLayer = {
  class_name: string;
  name: string;
  config: Record<string, unknown>;
  inbound_nodes: [string, number, number, unknown][][];
};

type LayersModel = {
  modelTopology: { model_config: { config: { layers: KerasLayer[] } } };
  weightsManifest: {
    paths: string[];
    weights: { name: string; shape: number[]; dtype: string }[];
  }[];
};

/** The package's folder; its `exports` map hides the model files from `require.resolve`. */
function packageDir(): string {
  let dir = dirname(createRequire(import.meta.url).resolve(MODEL_PACKAGE));
  while (dir !== dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
        name?: string;
      };
      if (manifest.name === MODEL_PACKAGE) return dir;
    } catch {
      // not the package root yet
    }
    dir = dirname(dir);
  }
  throw new Error(`${MODEL_PACKAGE} is not installed`);
}

/** Reads the TF.js layers model: its topology and every weight by name. */
export function readEsrganLayers(): { layers: KerasLayer[]; weights: Map<string, OnnxTensor> } {
  const dir = join(packageDir(), MODEL_DIR);
  const model = JSON.parse(readFileSync(join(dir, "model.json"), "utf8")) as LayersModel;
  const weights = new Map<string, OnnxTensor>();
  for (const group of model.weightsManifest) {
    const bytes = Buffer.concat(group.paths.map((path) => readFileSync(join(dir, path))));
    let offset = 0;
    for (const { name, shape, dtype } of group.weights) {
      if (dtype !== "float32") throw new Error(`Weight ${name} is ${dtype}, not float32`);
      const count = shape.reduce((a, b) => a * b, 1);
      // Copied so the floats are aligned whatever the offset in the file.
      const data = new Float32Array(
        bytes.buffer.slice(bytes.byteOffset + offset, bytes.byteOffset + offset + count * 4),
      );
      weights.set(name, { name, dims: shape, data });
      offset += count * 4;
    }
    if (offset !== bytes.length) throw new Error("The weights file does not match its manifest");
  }
  return { layers: model.modelTopology.model_config.config.layers, weights };
}

function weight(weights: Map<string, OnnxTensor>, name: string): OnnxTensor {
  const tensor = weights.get(name);
  if (!tensor) throw new Error(`The model has no weight ${name}`);
  return tensor;
}

/** Keras HWIO conv kernel → ONNX OIHW. */
function toOihw(kernel: OnnxTensor, name: string): OnnxTensor {
  const [kh = 0, kw = 0, cin = 0, cout = 0] = kernel.dims;
  const out = new Float32Array(kernel.data.length);
  for (let y = 0; y < kh; y++)
    for (let x = 0; x < kw; x++)
      for (let i = 0; i < cin; i++)
        for (let o = 0; o < cout; o++) {
          out[((o * cin + i) * kh + y) * kw + x] =
            kernel.data[((y * kw + x) * cin + i) * cout + o] ?? 0;
        }
  return { name, dims: [cout, cin, kh, kw], data: out };
}

/**
 * A k×k "same" conv after a nearest s× upsampling equals, at low resolution, one conv with
 * s²·cout outputs (one set per sub-pixel phase) followed by DepthToSpace: every high-res tap
 * of phase d at offset t reads low-res pixel floor((d + t) / s). This skips the s²-sized
 * upsampled tensor. Zero padding matches too, since a high-res pixel outside the image maps
 * to a low-res one outside it.
 */
function foldUpsampledConv(
  kernel: OnnxTensor,
  bias: OnnxTensor,
  s: number,
  name: string,
): { kernel: OnnxTensor; bias: OnnxTensor; pads: number[] } {
  const [k = 0, , cin = 0, cout = 0] = kernel.dims;
  const p = (k - 1) / 2;
  const lo = Math.floor(-p / s);
  const hi = Math.floor((s - 1 + p) / s);
  const size = hi - lo + 1;
  const outs = s * s * cout;
  const data = new Float32Array(outs * cin * size * size);
  for (let dy = 0; dy < s; dy++)
    for (let dx = 0; dx < s; dx++)
      for (let ky = 0; ky < k; ky++)
        for (let kx = 0; kx < k; kx++) {
          const ly = Math.floor((dy + ky - p) / s) - lo;
          const lx = Math.floor((dx + kx - p) / s) - lo;
          for (let i = 0; i < cin; i++)
            for (let o = 0; o < cout; o++) {
              // DepthToSpace "DCR" reads channel (dy·s + dx)·cout + o for phase (dy, dx).
              const oc = (dy * s + dx) * cout + o;
              const at = ((oc * cin + i) * size + ly) * size + lx;
              data[at] = (data[at] ?? 0) + (kernel.data[((ky * k + kx) * cin + i) * cout + o] ?? 0);
            }
        }
  const biases = new Float32Array(outs);
  for (let phase = 0; phase < s * s; phase++) biases.set(bias.data, phase * cout);
  return {
    kernel: { name: `${name}/kernel`, dims: [outs, cin, size, size], data },
    bias: { name: `${name}/bias`, dims: [outs], data: biases },
    pads: [-lo, -lo, hi, hi],
  };
}

function requireConfig(layer: KerasLayer, check: boolean, what: string): void {
  if (!check) throw new Error(`Layer ${layer.name}: unsupported ${what}`);
}

/**
 * Translates the Keras functional graph into ONNX, NCHW with a free height and width. Only the
 * layer kinds this RDN uses are known; anything else throws rather than guessing.
 */
export function buildEsrganGraph(): EsrganGraph {
  const { layers, weights } = readEsrganLayers();
  const nodes: OnnxNode[] = [];
  const initializers: OnnxTensor[] = [];
  /** A layer's output tensor; Identity-like layers alias their input. */
  const tensorOf = new Map<string, string>();
  const upsampled = new Map<string, { input: string; size: number }>();
  /** Each layer's reach in input pixels: its convs' half-widths summed along the longest path. */
  const reachOf = new Map<string, number>();
  const inputReach = (layer: KerasLayer): number =>
    Math.max(0, ...(layer.inbound_nodes[0] ?? []).map(([name]) => reachOf.get(name) ?? 0));
  const inputsOf = (layer: KerasLayer): string[] =>
    (layer.inbound_nodes[0] ?? []).map(([name]) => {
      const tensor = tensorOf.get(name);
      if (tensor === undefined) throw new Error(`Layer ${layer.name} reads unknown ${name}`);
      return tensor;
    });

  for (const layer of layers) {
    const c = layer.config;
    reachOf.set(layer.name, inputReach(layer));
    switch (layer.class_name) {
      case "InputLayer":
        tensorOf.set(layer.name, ESRGAN_INPUT);
        break;
      case "Conv2D": {
        const [kh, kw] = c.kernel_size as number[];
        requireConfig(layer, kh === kw && (kh ?? 0) % 2 === 1, "kernel size");
        requireConfig(
          layer,
          (c.strides as number[]).every((v) => v === 1),
          "stride",
        );
        requireConfig(
          layer,
          (c.dilation_rate as number[]).every((v) => v === 1),
          "dilation",
        );
        requireConfig(layer, (c.groups ?? 1) === 1 && c.use_bias === true, "groups or bias");
        requireConfig(layer, c.padding === "same" || kh === 1, "padding");
        requireConfig(layer, c.activation === "linear" || c.activation === "relu", "activation");
        const [source] = inputsOf(layer);
        const kernel = weight(weights, `${layer.name}/kernel`);
        const bias = weight(weights, `${layer.name}/bias`);
        const up = source === undefined ? undefined : upsampled.get(source);
        const out = c.activation === "relu" ? `${layer.name}_linear` : layer.name;
        if (up) {
          const folded = foldUpsampledConv(kernel, bias, up.size, layer.name);
          initializers.push(folded.kernel, folded.bias);
          reachOf.set(layer.name, inputReach(layer) + Math.max(...folded.pads));
          const phases = `${layer.name}_phases`;
          nodes.push({
            op: "Conv",
            inputs: [up.input, folded.kernel.name, folded.bias.name],
            outputs: [phases],
            attributes: [
              { name: "kernel_shape", ints: folded.kernel.dims.slice(2) },
              { name: "pads", ints: folded.pads },
            ],
          });
          nodes.push({
            op: "DepthToSpace",
            inputs: [phases],
            outputs: [out],
            attributes: [{ name: "blocksize", int: up.size }],
          });
        } else {
          const p = ((kh ?? 1) - 1) / 2;
          const w = toOihw(kernel, `${layer.name}/kernel`);
          reachOf.set(layer.name, inputReach(layer) + p);
          initializers.push(w, bias);
          nodes.push({
            op: "Conv",
            inputs: [source ?? "", w.name, bias.name],
            outputs: [out],
            attributes: [
              { name: "kernel_shape", ints: [kh ?? 1, kw ?? 1] },
              { name: "pads", ints: [p, p, p, p] },
            ],
          });
        }
        if (c.activation === "relu")
          nodes.push({ op: "Relu", inputs: [out], outputs: [layer.name] });
        tensorOf.set(layer.name, layer.name);
        break;
      }
      case "Activation": {
        const [source = ""] = inputsOf(layer);
        if (c.activation === "linear") {
          tensorOf.set(layer.name, source);
        } else {
          requireConfig(layer, c.activation === "relu", "activation");
          nodes.push({ op: "Relu", inputs: [source], outputs: [layer.name] });
          tensorOf.set(layer.name, layer.name);
        }
        break;
      }
      case "Concatenate":
        requireConfig(layer, c.axis === 3 || c.axis === -1, "axis");
        nodes.push({
          op: "Concat",
          inputs: inputsOf(layer),
          outputs: [layer.name],
          attributes: [{ name: "axis", int: 1 }],
        });
        tensorOf.set(layer.name, layer.name);
        break;
      case "Add": {
        const inputs = inputsOf(layer);
        nodes.push({ op: inputs.length === 2 ? "Add" : "Sum", inputs, outputs: [layer.name] });
        tensorOf.set(layer.name, layer.name);
        break;
      }
      case "UpSampling2D": {
        const [sy, sx] = c.size as number[];
        requireConfig(layer, c.interpolation === "nearest" && sy === sx, "upsampling");
        const [source = ""] = inputsOf(layer);
        // Folded into the conv that reads it (checked below: nothing else may read it).
        upsampled.set(layer.name, { input: source, size: sy ?? 1 });
        tensorOf.set(layer.name, layer.name);
        break;
      }
      default:
        throw new Error(`Layer ${layer.name}: unsupported kind ${layer.class_name}`);
    }
  }
  const unfolded = nodes.flatMap((node) => node.inputs).filter((name) => upsampled.has(name));
  if (unfolded.length > 0) throw new Error(`Upsampling read by a non-conv layer: ${unfolded[0]}`);

  const last = layers.at(-1);
  if (!last || tensorOf.get(last.name) !== ESRGAN_OUTPUT)
    throw new Error("The model's last layer is not its SR output");
  return {
    graph: {
      name: "esrgan-slim-x2",
      nodes,
      initializers,
      inputs: [{ name: ESRGAN_INPUT, dims: [1, 3, "height", "width"] }],
      outputs: [{ name: ESRGAN_OUTPUT, dims: [1, 3, "height2", "width2"] }],
    },
    reach: reachOf.get(last.name) ?? 0,
  };
}
