import type { DirtyRect, Mask } from "./mask/mask-brush.ts";

/**
 * Draws the photo through the mask onto the editor's canvas (transparent where removed, so
 * the checkerboard or colour behind the canvas shows). After a stroke only the pixels it
 * changed are redrawn, which keeps painting immediate on a 2048 px photo.
 */
export class CutoutRenderer {
  private readonly context: CanvasRenderingContext2D;
  private readonly maskCanvas: HTMLCanvasElement;
  private readonly maskContext: CanvasRenderingContext2D;
  private readonly maskPixels: ImageData;

  constructor(
    canvas: HTMLCanvasElement,
    private readonly photo: CanvasImageSource,
    private readonly mask: Mask,
  ) {
    canvas.width = mask.width;
    canvas.height = mask.height;
    this.maskCanvas = document.createElement("canvas");
    this.maskCanvas.width = mask.width;
    this.maskCanvas.height = mask.height;
    const context = canvas.getContext("2d");
    const maskContext = this.maskCanvas.getContext("2d");
    if (!context || !maskContext) throw new Error("This browser cannot draw the cut-out.");
    this.context = context;
    this.maskContext = maskContext;
    this.maskPixels = maskContext.createImageData(mask.width, mask.height);
    this.redraw();
  }

  /** Redraws the whole picture, after an undo, a redo or a reset. */
  redraw() {
    this.update({ x: 0, y: 0, width: this.mask.width, height: this.mask.height });
  }

  /** Redraws the pixels inside `rect` from the mask. */
  update(rect: DirtyRect) {
    const { data, width } = this.mask;
    const alpha = this.maskPixels.data;
    for (let y = rect.y; y < rect.y + rect.height; y += 1) {
      for (let x = rect.x; x < rect.x + rect.width; x += 1) {
        alpha[(y * width + x) * 4 + 3] = data[y * width + x] as number;
      }
    }
    this.maskContext.putImageData(this.maskPixels, 0, 0, rect.x, rect.y, rect.width, rect.height);
    const context = this.context;
    const { x, y, width: w, height: h } = rect;
    context.clearRect(x, y, w, h);
    context.save();
    context.beginPath();
    context.rect(x, y, w, h);
    context.clip();
    context.drawImage(this.photo, 0, 0, this.mask.width, this.mask.height);
    context.globalCompositeOperation = "destination-in";
    context.drawImage(this.maskCanvas, 0, 0);
    context.restore();
  }
}
