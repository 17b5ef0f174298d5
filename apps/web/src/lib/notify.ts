/** Toast durations from SPEC point 9. */
export const TOAST_DURATION = { success: 3000, error: 4000 } as const;

/**
 * sonner (toasts, and the styles it injects) is not needed for the first paint: it loads just
 * after, when the app's toaster mounts, and toasts raised before then wait for it.
 */
export const loadSonner = () => import("sonner");

export function notifySuccess(message: string): void {
  void loadSonner().then(({ toast }) =>
    toast.success(message, { duration: TOAST_DURATION.success }),
  );
}

export function notifyError(message: string): void {
  void loadSonner().then(({ toast }) => toast.error(message, { duration: TOAST_DURATION.error }));
}
