import { toast } from "sonner";

/** Toast durations from SPEC point 9. */
export const TOAST_DURATION = { success: 3000, error: 4000 } as const;

export function notifySuccess(message: string): void {
  toast.success(message, { duration: TOAST_DURATION.success });
}

export function notifyError(message: string): void {
  toast.error(message, { duration: TOAST_DURATION.error });
}
