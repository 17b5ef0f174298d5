/**
 * Runs `task` once the browser has nothing more urgent to do (soon after the page has
 * rendered), e.g. to fetch code the page will likely need. Returns the function that cancels.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(task, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 1);
  return () => window.clearTimeout(id);
}
