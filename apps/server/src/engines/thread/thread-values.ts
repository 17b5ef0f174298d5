/**
 * Values crossing the thread boundary go through structured clone, which keeps every field
 * (so fields added to engine inputs and results later pass unchanged) but turns a Buffer into a
 * plain Uint8Array; `asBuffers` turns them back, without copying.
 */
export function asBuffers<T>(value: T): T {
  return revive(value) as T;
}

function revive(value: unknown): unknown {
  if (value instanceof Uint8Array) {
    return Buffer.isBuffer(value)
      ? value
      : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  }
  if (Array.isArray(value)) return value.map(revive);
  if (isPlainObject(value)) {
    for (const key of Object.keys(value)) value[key] = revive(value[key]);
  }
  return value;
}

/**
 * The ArrayBuffers in `value` that can be moved instead of copied: those a single Buffer or
 * typed array spans whole. A view on part of a larger buffer (Node's pool of small Buffers, a
 * slice) would take its neighbours along, so it is copied. Buffers Node cannot move (sharp's
 * own output) are copied by Node 20, refused by later versions: the sender then copies all.
 */
export function transferablesOf(value: unknown): ArrayBuffer[] {
  const found = new Set<ArrayBuffer>();
  const visit = (item: unknown) => {
    if (ArrayBuffer.isView(item)) {
      const { buffer } = item;
      if (
        buffer instanceof ArrayBuffer &&
        item.byteOffset === 0 &&
        item.byteLength === buffer.byteLength
      ) {
        found.add(buffer);
      }
    } else if (Array.isArray(item)) {
      item.forEach(visit);
    } else if (isPlainObject(item)) {
      Object.values(item).forEach(visit);
    }
  };
  visit(value);
  return [...found];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
