import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ComponentProps } from "react";
import { cx } from "../../lib/cx.ts";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

function Overlay() {
  return (
    <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-ink/45 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
  );
}

type ContentProps = ComponentProps<typeof DialogPrimitive.Content>;

/** Content portalled above the page and its overlay, with its own placement classes. */
function PortalContent({ placement, className, ...rest }: ContentProps & { placement: string }) {
  return (
    <DialogPrimitive.Portal>
      <Overlay />
      <DialogPrimitive.Content className={cx(placement, className)} {...rest} />
    </DialogPrimitive.Portal>
  );
}

/** A centred modal card. */
export function DialogContent(props: ContentProps) {
  return (
    <PortalContent
      placement="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-panel border border-line bg-surface p-6 shadow-pop data-[state=open]:animate-pop-in sm:p-7"
      {...props}
    />
  );
}

/** A large working dialog: the whole screen on a phone, a wide card from the sm breakpoint. */
export function WorkspaceDialogContent(props: ContentProps) {
  return (
    <PortalContent
      placement="fixed inset-0 z-50 flex flex-col bg-surface shadow-pop data-[state=open]:animate-fade-in sm:inset-6 sm:mx-auto sm:max-w-6xl sm:rounded-panel sm:border sm:border-line"
      {...props}
    />
  );
}

/** A panel sliding in from the right edge, for the mobile menu. */
export function SheetContent(props: ContentProps) {
  return (
    <PortalContent
      placement="fixed inset-y-0 right-0 z-50 flex w-[min(22rem,calc(100vw-3rem))] flex-col border-l border-line bg-canvas shadow-pop data-[state=open]:animate-sheet-in"
      {...props}
    />
  );
}

export function DialogTitle({ className, ...rest }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      className={cx("font-display text-xl font-bold tracking-tight text-ink", className)}
      {...rest}
    />
  );
}

export function DialogDescription({
  className,
  ...rest
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      className={cx("mt-2 text-[0.9375rem] leading-relaxed text-ink-muted", className)}
      {...rest}
    />
  );
}

export function DialogCloseIcon({ label }: { label: string }) {
  return (
    <DialogPrimitive.Close
      aria-label={label}
      className="inline-flex size-10 items-center justify-center rounded-full text-ink-muted transition-colors hover:bg-sunken hover:text-ink"
    >
      <X aria-hidden="true" className="size-5" />
    </DialogPrimitive.Close>
  );
}
