/**
 * What browsers (and Vite's preloading of a chunk's styles) throw when a code-split chunk
 * cannot be fetched: usually a deploy replaced the files this page was built against, or the
 * connection dropped.
 */
const CHUNK_LOAD_FAILURES = [
  /failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /importing a module script failed/i, // Safari
  /unable to preload css/i, // Vite
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return CHUNK_LOAD_FAILURES.some((failure) => failure.test(error.message));
}
