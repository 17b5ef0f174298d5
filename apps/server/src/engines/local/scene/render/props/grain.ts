/**
 * A filter that speckles a shape with fine, irregular dark grains inside its outline: the pores
 * of a citrus peel, the grit of a stone. `size` is a grain's size in pixels.
 */
export function grainFilter(id: string, size: number, strength: number, seed: number): string {
  const k = strength * 6;
  return `<filter id="${id}" x="0" y="0" width="100%" height="100%" color-interpolation-filters="sRGB"><feTurbulence type="fractalNoise" baseFrequency="${Math.min(0.9, 1 / Math.max(1, size)).toFixed(3)}" numOctaves="2" seed="${seed}" result="noise"/><feColorMatrix in="noise" type="matrix" values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 ${k.toFixed(2)} ${(-k * 0.55).toFixed(2)}" result="grains"/><feComposite in="grains" in2="SourceAlpha" operator="in" result="inside"/><feMerge><feMergeNode in="SourceGraphic"/><feMergeNode in="inside"/></feMerge></filter>`;
}
