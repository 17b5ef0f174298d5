import type { RouteObject } from "react-router";

/**
 * The routes with every lazy page already loaded into its route, so that a test renders any
 * page in the first pass, as it would once the page's chunk is in the browser.
 */
export async function loadLazyRoutes(routes: RouteObject[]): Promise<RouteObject[]> {
  return Promise.all(
    routes.map(async ({ lazy, children, ...route }) => {
      const loaded = typeof lazy === "function" ? await lazy() : {};
      const loadedChildren = children ? { children: await loadLazyRoutes(children) } : {};
      return { ...route, ...loaded, ...loadedChildren } as RouteObject;
    }),
  );
}
