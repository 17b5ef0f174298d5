import { lazyDialog } from "../../../components/ui/lazy-dialog.tsx";

/** The log-out confirmation loads apart, when first opened or ahead with `preload`. */
export const ConfirmLogoutDialog = lazyDialog(() =>
  import("./confirm-logout-dialog.tsx").then((dialog) => dialog.ConfirmLogoutDialog),
);
