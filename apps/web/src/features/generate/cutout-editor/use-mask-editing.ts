import { type RefObject, useEffect, useRef, useState } from "react";
import { CutoutRenderer } from "./cutout-renderer.ts";
import { type Brush, type Mask, type Point, stampSegment } from "./mask/mask-brush.ts";
import { MaskHistory } from "./mask/mask-history.ts";
import { removePiece } from "./mask/remove-piece.ts";

/**
 * The mask being refined, drawn on `canvas`: strokes and removed pieces change it in place and
 * redraw at once; each one is a step of undo and redo. `automatic` is the mask as loaded,
 * which Reset goes back to.
 */
export function useMaskEditing(
  canvas: RefObject<HTMLCanvasElement | null>,
  photo: HTMLImageElement | null,
  automatic: Mask | null,
) {
  const mask = useRef<Mask | null>(null);
  const renderer = useRef<CutoutRenderer | null>(null);
  const history = useRef(new MaskHistory());
  const last = useRef<Point | null>(null);
  // bumped on each step so that Undo and Redo show whether they can act
  const [, setSteps] = useState(0);
  const stepped = () => setSteps((steps) => steps + 1);

  useEffect(() => {
    if (!canvas.current || !photo || !automatic) return;
    mask.current = { ...automatic, data: automatic.data.slice() };
    renderer.current = new CutoutRenderer(canvas.current, photo, mask.current);
    history.current = new MaskHistory();
    setSteps((steps) => steps + 1);
  }, [canvas, photo, automatic]);

  const replace = (data: Uint8Array) => {
    if (!mask.current) return;
    mask.current.data.set(data);
    renderer.current?.redraw();
  };

  const beginStroke = (at: Point, brush: Brush) => {
    if (!mask.current) return;
    history.current.record(mask.current.data);
    last.current = at;
    const changed = stampSegment(mask.current, at, at, brush);
    if (changed) renderer.current?.update(changed);
    stepped();
  };

  const continueStroke = (to: Point, brush: Brush) => {
    if (!mask.current || !last.current) return;
    const changed = stampSegment(mask.current, last.current, to, brush);
    last.current = to;
    if (changed) renderer.current?.update(changed);
  };

  const endStroke = () => {
    last.current = null;
  };

  const removePieceAt = (at: Point) => {
    if (!mask.current) return;
    const before = mask.current.data.slice();
    const changed = removePiece(mask.current, at.x, at.y);
    if (!changed) return;
    history.current.record(before);
    renderer.current?.update(changed);
    stepped();
  };

  const undo = () => {
    if (!mask.current) return;
    const previous = history.current.undo(mask.current.data);
    if (previous) replace(previous);
    stepped();
  };

  const redo = () => {
    if (!mask.current) return;
    const next = history.current.redo(mask.current.data);
    if (next) replace(next);
    stepped();
  };

  /** Back to the automatic cut-out, as one step that Undo takes back. */
  const reset = () => {
    if (!mask.current || !automatic) return;
    history.current.record(mask.current.data);
    replace(automatic.data);
    stepped();
  };

  return {
    /** The mask as it is now (null until loaded). */
    current: () => mask.current,
    beginStroke,
    continueStroke,
    endStroke,
    removePieceAt,
    undo,
    redo,
    reset,
    canUndo: history.current.canUndo,
    canRedo: history.current.canRedo,
  };
}

export type MaskEditing = ReturnType<typeof useMaskEditing>;
