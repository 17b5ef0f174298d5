import { lazy, Suspense } from "react";
import { loadSonner } from "../../lib/notify.ts";

// Mounted (and so fetched) right after the first render, so that a toast about a dropped
// connection can still show: its code is already there.
const Toaster = lazy(() => loadSonner().then((sonner) => ({ default: sonner.Toaster })));

/** Where every toast of the app shows (lib/notify.ts raises them). */
export function AppToaster() {
  return (
    <Suspense fallback={null}>
      <Toaster
        position="top-center"
        closeButton
        richColors
        toastOptions={{
          classNames: {
            toast: "rounded-2xl! border-line! font-sans! shadow-pop!",
            title: "text-[0.9375rem]! font-semibold!",
          },
        }}
      />
    </Suspense>
  );
}
