/**
 * Calls `onIntent` with a same-origin link's path when the pointer enters the link or it gets
 * focus, the moments just before a likely click. One listener on `root` covers every link,
 * present and future. Returns the function that stops listening.
 */
export function onLinkIntent(root: Document, onIntent: (pathname: string) => void): () => void {
  const handle = (event: Event) => {
    if (!(event.target instanceof Element)) return;
    const link = event.target.closest("a[href]");
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    onIntent(link.pathname);
  };
  root.addEventListener("pointerover", handle, { passive: true });
  root.addEventListener("focusin", handle);
  return () => {
    root.removeEventListener("pointerover", handle);
    root.removeEventListener("focusin", handle);
  };
}
