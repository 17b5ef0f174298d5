import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { callsTo, mockApi } from "../../../test/mock-api.ts";
import { jsonResponse } from "../../../test/render-route.tsx";
import { CutoutEditorDialog } from "./cutout-editor-dialog.tsx";
import type { Mask } from "./mask/mask-brush.ts";
import { encodeMask } from "./mask/mask-image.ts";

// jsdom draws nothing: the picture is faked, the mask's pixels are real.
vi.mock("./cutout-renderer.ts", () => ({
  CutoutRenderer: class {
    constructor(canvas: HTMLCanvasElement, _photo: unknown, mask: Mask) {
      canvas.width = mask.width;
      canvas.height = mask.height;
    }
    redraw() {}
    update() {}
  },
}));

const ENCODED = new Blob(["png"], { type: "image/png" });

vi.mock("./mask/mask-image.ts", () => ({
  loadImage: vi.fn(async () => ({ naturalWidth: 4, naturalHeight: 2 })),
  // two pieces kept: the left column, and the two right columns
  decodeMask: vi.fn(
    async (): Promise<Mask> => ({
      data: Uint8Array.of(255, 0, 255, 255, 255, 0, 255, 255),
      width: 4,
      height: 2,
    }),
  ),
  encodeMask: vi.fn(async () => ENCODED),
}));

const PATH = "/api/fal/uploads/rec-1/mask";
const maskResponse = () => new Response("png", { headers: { "Content-Type": "image/png" } });
const NEW_CUTOUT = "/api/fal/files/cutout-2.png";

function openEditor() {
  const onSaved = vi.fn();
  const onOpenChange = vi.fn();
  render(
    <CutoutEditorDialog
      open
      onOpenChange={onOpenChange}
      recordId="rec-1"
      photoUrl="blob:photo"
      photoName="mug.png"
      onSaved={onSaved}
    />,
  );
  return { onSaved, onOpenChange };
}

const save = () => screen.getByRole("button", { name: "Save cut-out" });

beforeEach(() => {
  // the canvas shows the 4 × 2 mask at 40 × 20 CSS px
  vi.spyOn(HTMLCanvasElement.prototype, "getBoundingClientRect").mockReturnValue(
    DOMRect.fromRect({ x: 0, y: 0, width: 40, height: 20 }),
  );
  // jsdom has no pointer capture
  Element.prototype.setPointerCapture = vi.fn();
  Element.prototype.releasePointerCapture = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("CutoutEditorDialog", () => {
  it("loads the upload's mask, and Save PUTs the refined mask as a PNG, free, then closes", async () => {
    const fetchMock = mockApi({
      [`GET ${PATH}`]: maskResponse(),
      [`PUT ${PATH}`]: jsonResponse(200, { cutoutImage: { url: NEW_CUTOUT } }),
    });
    const { onSaved, onOpenChange } = openEditor();
    await waitFor(() => expect(save()).toBeEnabled());

    // "Remove a piece" on the right-hand piece: it goes, the left column stays
    await userEvent.click(screen.getByRole("button", { name: "Remove a piece" }));
    await userEvent.pointer({
      keys: "[MouseLeft]",
      target: screen.getByRole("img", { name: /cut-out/ }),
      coords: { clientX: 35, clientY: 5 },
    });
    await userEvent.click(save());

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(NEW_CUTOUT));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    const saved = vi.mocked(encodeMask).mock.calls.at(-1)?.[0];
    expect(Array.from(saved?.data ?? [])).toEqual([255, 0, 0, 0, 255, 0, 0, 0]);
    const [put] = callsTo(fetchMock, PATH).filter((call) => call.method === "PUT");
    const form = put?.body as FormData;
    const mask = form.get("mask") as File;
    expect(mask.type).toBe("image/png");
    expect(mask.name).toBe("mask.png");
    expect(mask.size).toBe(ENCODED.size);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes("token"))).toBe(false);
  });

  it("undoes and redoes a removed piece, with the buttons and the keys, and resets to automatic", async () => {
    mockApi({ [`GET ${PATH}`]: maskResponse() });
    openEditor();
    await waitFor(() => expect(save()).toBeEnabled());
    const undo = screen.getByRole("button", { name: "Undo" });
    const redo = screen.getByRole("button", { name: "Redo" });
    expect(undo).toBeDisabled();

    await userEvent.click(screen.getByRole("button", { name: "Remove a piece" }));
    await userEvent.pointer({
      keys: "[MouseLeft]",
      target: screen.getByRole("img", { name: /cut-out/ }),
      coords: { clientX: 2, clientY: 2 },
    });
    expect(undo).toBeEnabled();
    await userEvent.keyboard("{Control>}z{/Control}");
    expect(undo).toBeDisabled();
    expect(redo).toBeEnabled();
    await userEvent.keyboard("{Control>}{Shift>}z{/Shift}{/Control}");
    expect(undo).toBeEnabled();
    await userEvent.click(screen.getByRole("button", { name: "Reset to automatic" }));
    await userEvent.click(save());

    const saved = vi.mocked(encodeMask).mock.calls.at(-1)?.[0];
    expect(Array.from(saved?.data ?? [])).toEqual([255, 0, 255, 255, 255, 0, 255, 255]);
  });

  it("erases along a stroke of the pointer, Erase being the first tool", async () => {
    mockApi({ [`GET ${PATH}`]: maskResponse() });
    openEditor();
    await waitFor(() => expect(save()).toBeEnabled());
    await userEvent.click(screen.getByRole("button", { name: "Keep" }));
    await userEvent.click(screen.getByRole("button", { name: "Erase" }));
    const size = screen.getByRole("slider", { name: "Brush size" });
    fireEvent.change(size, { target: { value: "2" } });
    fireEvent.change(screen.getByRole("slider", { name: "Soft edge" }), {
      target: { value: "0" },
    });

    // along the top row, from the left column to the right edge
    await userEvent.pointer([
      {
        keys: "[MouseLeft>]",
        target: screen.getByRole("img", { name: /cut-out/ }),
        coords: { clientX: 5, clientY: 2 },
      },
      { coords: { clientX: 20, clientY: 2 } },
      { coords: { clientX: 39, clientY: 2 } },
      { keys: "[/MouseLeft]" },
    ]);
    await userEvent.click(save());

    const saved = vi.mocked(encodeMask).mock.calls.at(-1)?.[0];
    expect(Array.from(saved?.data ?? [])).toEqual([0, 0, 0, 0, 255, 0, 255, 255]);
  });

  it("shows the server's refusal in the dialog and stays open", async () => {
    const refusal = "The mask is 10 × 10 px, but it must be the size of the photo: 4 × 2 px.";
    mockApi({
      [`GET ${PATH}`]: maskResponse(),
      [`PUT ${PATH}`]: jsonResponse(400, { error: refusal }),
    });
    const { onSaved, onOpenChange } = openEditor();
    await waitFor(() => expect(save()).toBeEnabled());

    await userEvent.upload(
      screen.getByLabelText("Upload a mask"),
      new File(["x"], "other.png", { type: "image/png" }),
    );

    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("says why when the cut-out is still being made", async () => {
    const notReady = "This photo's cut-out is still being made. Please try again in a moment.";
    mockApi({ [`GET ${PATH}`]: jsonResponse(409, { error: notReady }) });
    openEditor();

    expect(await screen.findByText(notReady)).toBeInTheDocument();
    expect(save()).toBeDisabled();
  });

  it("labels every control for the keyboard", async () => {
    mockApi({ [`GET ${PATH}`]: maskResponse() });
    openEditor();
    await waitFor(() => expect(save()).toBeEnabled());

    for (const name of ["Keep", "Erase", "Checkerboard", "White", "Black", "Download mask"]) {
      expect(screen.getByRole("button", { name })).toBeInTheDocument();
    }
    expect(screen.getByRole("slider", { name: "Brush size" })).toBeInTheDocument();
    expect(screen.getByRole("slider", { name: "Soft edge" })).toBeInTheDocument();
    expect(screen.getByLabelText("Choose a colour")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Erase" })).toHaveAttribute("aria-pressed", "true");
  });
});
