import { type PointerEvent, type RefObject, useRef } from "react";
import { cx } from "../../../lib/cx.ts";
import { type Backdrop, CHECKERBOARD, type Tool } from "./brush-settings.ts";
import type { Brush, Point } from "./mask/mask-brush.ts";
import type { MaskEditing } from "./use-mask-editing.ts";

type CutoutCanvasProps = {
  canvas: RefObject<HTMLCanvasElement | null>;
  editing: MaskEditing;
  tool: Tool;
  brush: Omit<Brush, "mode">;
  backdrop: Backdrop;
};

/** The pointer's place in mask pixels: the canvas is the mask's size, scaled to fit. */
function pointOf(canvas: HTMLCanvasElement, event: { clientX: number; clientY: number }): Point {
  const box = canvas.getBoundingClientRect();
  return {
    x: ((event.clientX - box.left) * canvas.width) / box.width,
    y: ((event.clientY - box.top) * canvas.height) / box.height,
  };
}

/** Every position a fast pointer passed since the last event, where the browser keeps them. */
function pointsOf(event: PointerEvent<HTMLCanvasElement>): PointerEvent<HTMLCanvasElement>[] {
  const coalesced = event.nativeEvent.getCoalescedEvents?.() ?? [];
  return coalesced.length > 0
    ? (coalesced as unknown as PointerEvent<HTMLCanvasElement>[])
    : [event];
}

/**
 * The cut-out over its backdrop, painted with pointer events: mouse, touch and pen alike
 * (touch-action none keeps a finger's stroke from scrolling the page). The keyboard path is
 * the controls beside it; the canvas itself is a picture.
 */
export function CutoutCanvas({ canvas, editing, tool, brush, backdrop }: CutoutCanvasProps) {
  // the pointer painting the stroke: a second finger does not join it
  const painting = useRef<number | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    if (tool === "remove") return editing.removePieceAt(pointOf(event.currentTarget, event));
    if (painting.current !== null) return;
    painting.current = event.pointerId;
    event.currentTarget.setPointerCapture(event.pointerId);
    editing.beginStroke(pointOf(event.currentTarget, event), { ...brush, mode: tool });
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (painting.current !== event.pointerId || tool === "remove") return;
    for (const moved of pointsOf(event)) {
      editing.continueStroke(pointOf(event.currentTarget, moved), { ...brush, mode: tool });
    }
  };

  const onPointerEnd = (event: PointerEvent<HTMLCanvasElement>) => {
    if (painting.current !== event.pointerId) return;
    painting.current = null;
    event.currentTarget.releasePointerCapture(event.pointerId);
    editing.endStroke();
  };

  return (
    <div className="relative min-h-56 flex-1">
      <canvas
        ref={canvas}
        aria-label="Your photo's cut-out: paint on it to keep or erase"
        role="img"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        style={backdrop.kind === "colour" ? { backgroundColor: backdrop.colour } : undefined}
        className={cx(
          "absolute inset-0 m-auto max-h-full max-w-full touch-none rounded-lg shadow-card ring-1 ring-line",
          tool === "remove" ? "cursor-pointer" : "cursor-crosshair",
          backdrop.kind === "checkerboard" && CHECKERBOARD,
        )}
      />
    </div>
  );
}
