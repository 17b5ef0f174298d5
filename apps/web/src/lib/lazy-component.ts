import { type ComponentType, type LazyExoticComponent, lazy } from "react";

export type PreloadableComponent<Props> = LazyExoticComponent<ComponentType<Props>> & {
  /** Fetches the component's chunk now; never rejects (a failure shows when it renders). */
  preload: () => void;
};

/**
 * A component kept out of the first download, in a chunk of its own: fetched when it first
 * renders (inside a Suspense boundary), or earlier with `preload`.
 */
export function lazyComponent<Props>(
  load: () => Promise<ComponentType<Props>>,
): PreloadableComponent<Props> {
  let loading: Promise<ComponentType<Props>> | undefined;
  const loadOnce = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined; // a later render tries again
      throw error;
    });
    return loading;
  };
  const component = lazy(() => loadOnce().then((loaded) => ({ default: loaded })));
  return Object.assign(component, { preload: () => void loadOnce().catch(() => {}) });
}
