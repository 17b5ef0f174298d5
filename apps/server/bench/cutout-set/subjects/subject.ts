/**
 * A subject drawn as SVG markup in its own units: `width` × `height`, standing on its bottom
 * edge. Its alpha is exact: what the markup covers, with the opacities it gives.
 */
export type Subject = { name: string; width: number; height: number; markup: string };
