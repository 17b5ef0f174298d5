import { lazy, Suspense } from "react";
import { loadSonner } from "../../lib/notify.ts";
import { useMediaQuery } from "../../lib/use-media-query.ts";

// Mounted (and so fetched) right after the first render, so that a toast about a dropped
// connection can still show: its code is already there.
const Toaster = lazy(() => loadSonner().then((sonner) => ({ default: sonner.Toaster })));

/** Toasts open just below the sticky header (4rem and its border), never over its navigation. */
export const BELOW_HEADER = { top: "4.75rem" } as const;

/**
 * Sonner's phone layout (full-width toasts) starts below 600px. There the header's navigation
 * is the menu sheet, whose links start at the top, so toasts rise from the bottom instead.
 */
export const PHONE_TOASTS = "(max-width: 599px)";

/** Where every toast of the app shows (lib/notify.ts raises them). */
export function AppToaster() {
  const phone = useMediaQuery(PHONE_TOASTS);
  return (
    <Suspense fallback={null}>
      <Toaster
        position={phone ? "bottom-center" : "top-center"}
        offset={BELOW_HEADER}
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
