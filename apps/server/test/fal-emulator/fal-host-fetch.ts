/** fal's public hosts the emulator stands in for; `v3b.fal.media` serves its files. */
export const FAL_FILE_HOST = "v3b.fal.media";
export const FAL_HOSTS: readonly string[] = [
  "rest.fal.ai",
  "queue.fal.run",
  "fal.run",
  FAL_FILE_HOST,
];

/** The emulator's address for a fal URL: the host becomes a path prefix. */
export function emulatedUrl(emulatorBaseUrl: string, url: URL): string {
  return `${emulatorBaseUrl}/_host/${url.hostname}${url.pathname}${url.search}`;
}

/**
 * A fetch that sends every call to a fal host to the emulator and lets anything else through,
 * for the real `@fal-ai/client` (its `fetch` option) and for the engine's downloads.
 */
export function falFetch(emulatorBaseUrl: string): typeof fetch {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (url.protocol !== "https:" || !FAL_HOSTS.includes(url.hostname)) return fetch(input, init);
    const target = emulatedUrl(emulatorBaseUrl, url);
    return fetch(input instanceof Request ? new Request(target, input) : target, init);
  };
}
