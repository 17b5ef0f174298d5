/**
 * The app's own file URLs as paths, so the browser asks the origin it is on (the API serves
 * the web app; in development Vite passes /api through). Anything else stays as it is.
 */
export function appPath(url: string): string {
  try {
    const parsed = new URL(url, window.location.href);
    if (/\/api\/files\//.test(parsed.pathname)) return parsed.pathname + parsed.search;
  } catch {
    // not a URL we can shorten
  }
  return url;
}

/** The thumbnail URL of a stored file: the same URL with `size=thumb`. */
export function thumbnailUrl(url: string): string {
  const [path, query = ""] = url.split("?", 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.set("size", "thumb");
  return `${path}?${params}`;
}
