import { type ComponentType, createElement, lazy, useState } from "react";

export type PreloadableComponent<Props> = ComponentType<Props> & {
  /** Fetches the component's chunk now; never rejects (a failure shows when it renders). */
  preload: () => void;
};

/**
 * A component kept out of the first download, in a chunk of its own: fetched when it first
 * renders (inside a Suspense boundary), or earlier with `preload`. Once fetched it renders at
 * once: `React.lazy` alone suspends on its first render even then, and React holds a boundary's
 * content back for 300 ms after it has shown the fallback, which a result on screen would wait.
 */
export function lazyComponent<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): PreloadableComponent<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const loadOnce = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined; // a later render tries again
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => loadOnce().then((component) => ({ default: component })));
  function Preloadable(props: Props) {
    // Chosen at mount: a mount that waited for the chunk keeps its element type.
    const [Component] = useState<ComponentType<Props>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(Preloadable, { preload: () => void loadOnce().catch(() => {}) });
}
