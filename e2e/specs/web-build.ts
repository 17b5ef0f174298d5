import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The web app's build, which `npm run test:e2e` makes before the specs run. */
const DIST = fileURLToPath(new URL("../../apps/web/dist/", import.meta.url));

/** One entry of Vite's `.vite/manifest.json` (build.manifest in apps/web/vite.config.ts). */
type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
type Manifest = Record<string, ManifestChunk>;

export function readManifest(): Manifest {
  return JSON.parse(readFileSync(`${DIST}.vite/manifest.json`, "utf8")) as Manifest;
}

export function readBuiltFile(file: string): Buffer {
  return readFileSync(`${DIST}${file}`);
}

/**
 * The JavaScript files a page loads before it runs: the entry of index.html and, transitively,
 * the chunks it imports statically. Dynamic imports (the lazy pages and widgets) are left out.
 */
export function initialChunks(manifest: Manifest): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error("The web build's manifest has no entry");
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  visit(entry);
  return [...seen].map((key) => (manifest[key] as ManifestChunk).file);
}

/** The built file of a source module, e.g. `src/pages/pricing-page.tsx`. */
export function chunkOf(manifest: Manifest, source: string): string {
  const chunk = manifest[source];
  if (!chunk) throw new Error(`The web build has no chunk for ${source}`);
  return chunk.file;
}
