import { lazyDialog } from "../../../components/ui/lazy-dialog.tsx";

/** What stands between Generate and a visitor who may not generate yet (SPEC point 2's modals). */
export const LoginRequiredDialog = lazyDialog(() =>
  import("./login-required-dialog.tsx").then((dialog) => dialog.LoginRequiredDialog),
);

export const SubscriptionRequiredDialog = lazyDialog(() =>
  import("./subscription-required-dialog.tsx").then((dialog) => dialog.SubscriptionRequiredDialog),
);

export function preloadGateDialogs() {
  LoginRequiredDialog.preload();
  SubscriptionRequiredDialog.preload();
}
