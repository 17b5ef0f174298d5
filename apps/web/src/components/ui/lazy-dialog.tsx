import { type ComponentType, Suspense, useState } from "react";
import { lazyComponent } from "../../lib/lazy-component.ts";

type DialogProps = { open: boolean };

/**
 * A dialog whose code (and the dialog library's) stays out of the first download. It renders
 * nothing until first opened, then stays mounted like any dialog; `preload` fetches it ahead,
 * e.g. when the browser is idle, so that opening it is instant.
 */
export function lazyDialog<Props extends DialogProps>(load: () => Promise<ComponentType<Props>>) {
  const Dialog = lazyComponent(load);
  function LazyDialog(props: Props) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyDialog, { preload: Dialog.preload });
}
