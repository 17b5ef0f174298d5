/**
 * Just enough of the ONNX protobuf format (onnx.proto, proto2) to write a float32 inference
 * graph in memory for onnxruntime: nodes with int/ints attributes, float initializers and
 * float inputs/outputs whose dimensions may be named.
 */

export type OnnxAttribute = { name: string; int: number } | { name: string; ints: number[] };

export type OnnxNode = {
  op: string;
  inputs: string[];
  outputs: string[];
  attributes?: OnnxAttribute[];
};

export type OnnxTensor = { name: string; dims: number[]; data: Float32Array };

/** A dimension is a fixed size or a name for a size fixed only at run time. */
export type OnnxValue = { name: string; dims: (number | string)[] };

export type OnnxGraph = {
  name: string;
  nodes: OnnxNode[];
  initializers: OnnxTensor[];
  inputs: OnnxValue[];
  outputs: OnnxValue[];
};

const FLOAT = 1;
const ATTRIBUTE_INT = 2;
const ATTRIBUTE_INTS = 7;
const IR_VERSION = 8;
const OPSET = 17;

/** Protobuf wire writer: varints and length-delimited fields, in field order of the calls. */
class Writer {
  private chunks: Uint8Array[] = [];
  private bytes: number[] = [];

  private flush(): void {
    if (this.bytes.length > 0) {
      this.chunks.push(Uint8Array.from(this.bytes));
      this.bytes = [];
    }
  }

  private varint(value: number | bigint): void {
    // int64 fields: negative numbers go out as their 64-bit two's complement.
    let v = BigInt.asUintN(64, BigInt(value));
    while (v >= 0x80n) {
      this.bytes.push(Number(v & 0x7fn) | 0x80);
      v >>= 7n;
    }
    this.bytes.push(Number(v));
  }

  private key(field: number, wireType: 0 | 2): void {
    this.varint((field << 3) | wireType);
  }

  int(field: number, value: number): this {
    this.key(field, 0);
    this.varint(value);
    return this;
  }

  bytesField(field: number, data: Uint8Array): this {
    this.key(field, 2);
    this.varint(data.byteLength);
    this.flush();
    this.chunks.push(data);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytesField(field, new TextEncoder().encode(value));
  }

  message(field: number, build: (writer: Writer) => void): this {
    const inner = new Writer();
    build(inner);
    return this.bytesField(field, inner.finish());
  }

  finish(): Uint8Array {
    this.flush();
    const length = this.chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
    const out = new Uint8Array(length);
    let offset = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return out;
  }
}

function writeAttribute(w: Writer, attribute: OnnxAttribute): void {
  w.string(1, attribute.name);
  if ("int" in attribute) {
    w.int(20, ATTRIBUTE_INT).int(3, attribute.int);
  } else {
    w.int(20, ATTRIBUTE_INTS);
    for (const value of attribute.ints) w.int(8, value);
  }
}

function writeNode(w: Writer, node: OnnxNode, index: number): void {
  for (const input of node.inputs) w.string(1, input);
  for (const output of node.outputs) w.string(2, output);
  w.string(3, `${node.op}_${index}`);
  w.string(4, node.op);
  for (const attribute of node.attributes ?? []) w.message(5, (a) => writeAttribute(a, attribute));
}

function writeTensor(w: Writer, tensor: OnnxTensor): void {
  for (const dim of tensor.dims) w.int(1, dim);
  w.int(2, FLOAT);
  w.string(8, tensor.name);
  // raw_data is little-endian, like every platform Node runs on.
  w.bytesField(
    9,
    new Uint8Array(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength),
  );
}

function writeValue(w: Writer, value: OnnxValue): void {
  w.string(1, value.name);
  w.message(2, (type) =>
    type.message(1, (tensorType) => {
      tensorType.int(1, FLOAT);
      tensorType.message(2, (shape) => {
        for (const dim of value.dims) {
          shape.message(1, (d) => (typeof dim === "number" ? d.int(1, dim) : d.string(2, dim)));
        }
      });
    }),
  );
}

/** Serialises a ModelProto holding the graph, for `InferenceSession.create(bytes)`. */
export function encodeOnnxModel(graph: OnnxGraph): Uint8Array {
  return new Writer()
    .int(1, IR_VERSION)
    .string(2, "backdrop")
    .message(7, (g) => {
      for (const [index, node] of graph.nodes.entries()) {
        g.message(1, (n) => writeNode(n, node, index));
      }
      g.string(2, graph.name);
      for (const tensor of graph.initializers) g.message(5, (t) => writeTensor(t, tensor));
      for (const input of graph.inputs) g.message(11, (v) => writeValue(v, input));
      for (const output of graph.outputs) g.message(12, (v) => writeValue(v, output));
    })
    .message(8, (opset) => opset.string(1, "").int(2, OPSET))
    .finish();
}
