/**
 * The product's inside: pixels wholly the subject (alpha 255) at least `radius` pixels from
 * anything that is not, so a soft edge (the cut-out's own, or a paste-back's feather) and
 * half-covered pixels at the outline are not counted. 1 inside, 0 elsewhere.
 */
export function productRegion(
  rgba: Uint8Array,
  width: number,
  height: number,
  radius: number,
): Uint8Array {
  const solid = new Uint8Array(width * height);
  for (let i = 0; i < solid.length; i++) solid[i] = rgba[i * 4 + 3] === 255 ? 1 : 0;
  const across = erodeLines(solid, width, height, 1, width, radius);
  return erodeLines(across, height, width, width, 1, radius);
}

/**
 * Erodes every line of a binary mask (rows when `step` is 1, columns when it is the width): a
 * pixel stays only when all pixels within `radius` along its line are set; the frame's edge
 * counts as unset.
 */
function erodeLines(
  mask: Uint8Array,
  length: number,
  lines: number,
  step: number,
  lineStride: number,
  radius: number,
): Uint8Array {
  const out = new Uint8Array(mask.length);
  const gapBefore = new Int32Array(length);
  for (let line = 0; line < lines; line++) {
    const start = line * lineStride;
    // Distance back to the last unset pixel (or the frame's edge), then forward likewise.
    let since = 0;
    for (let i = 0; i < length; i++) {
      since = mask[start + i * step] ? since + 1 : 0;
      gapBefore[i] = since;
    }
    let until = 0;
    for (let i = length - 1; i >= 0; i--) {
      const at = start + i * step;
      until = mask[at] ? until + 1 : 0;
      out[at] = (gapBefore[i] ?? 0) > radius && until > radius ? 1 : 0;
    }
  }
  return out;
}
