/**
 * Undo and redo over snapshots of the mask: one snapshot a finished stroke or removed piece.
 * A mask of a 2048 × 2048 photo is 4 MB, so the history keeps the latest `limit` steps.
 */
export class MaskHistory {
  private done: Uint8Array[] = [];
  private undone: Uint8Array[] = [];

  constructor(private readonly limit = 30) {}

  /** Remembers the mask as it was before a change. */
  record(before: Uint8Array) {
    this.done.push(before.slice());
    if (this.done.length > this.limit) this.done.shift();
    this.undone = [];
  }

  /** The mask to go back to, given the current one (kept for redo), or null. */
  undo(current: Uint8Array): Uint8Array | null {
    const previous = this.done.pop();
    if (!previous) return null;
    this.undone.push(current.slice());
    return previous;
  }

  redo(current: Uint8Array): Uint8Array | null {
    const next = this.undone.pop();
    if (!next) return null;
    this.done.push(current.slice());
    return next;
  }

  get canUndo() {
    return this.done.length > 0;
  }

  get canRedo() {
    return this.undone.length > 0;
  }
}
