import { GENERATION_MESSAGES } from "@backdrop/shared";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { callsTo, mockApi } from "../../../test/mock-api.ts";
import { createTestQueryClient, jsonResponse } from "../../../test/render-route.tsx";
import { ScenePreview } from "./scene-preview.tsx";

const PREVIEW = "data:image/webp;base64,UklGRg==";
const PATH = "/api/fal/scene-preview";

function renderPreview(
  prompt: string,
  outputSize: { width: number; height: number } | null,
  recordId: string | null = null,
) {
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <ScenePreview prompt={prompt} outputSize={outputSize} recordId={recordId} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("ScenePreview", () => {
  it("shows the scene, the words it will draw and those it will leave out, for the photo's size", async () => {
    const fetchMock = mockApi({
      [`POST ${PATH}`]: jsonResponse(200, {
        understood: ["wooden", "table"],
        ignored: ["gift boxes"],
        preview: PREVIEW,
        scene: "Wooden table",
      }),
    });
    renderPreview("gift boxes on a wooden table", { width: 1200, height: 800 });

    const image = await screen.findByRole("img", { name: /background this prompt will give/i });
    expect(image).toHaveAttribute("src", PREVIEW);
    expect(screen.getByText("Scene:")).toHaveTextContent("Scene: Wooden table");
    expect(screen.getByText("wooden")).toBeInTheDocument();
    expect(screen.getByText("gift boxes")).toBeInTheDocument();
    expect(
      screen.getByText("Left out of the scene: gift boxes. Everything else will be drawn."),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, PATH)).toEqual([
      expect.objectContaining({
        body: { prompt: "gift boxes on a wooden table", width: 1200, height: 800 },
      }),
    ]);
  });

  it("asks about the photo's upload and shows the note the server makes of it", async () => {
    const fetchMock = mockApi({
      [`POST ${PATH}`]: jsonResponse(200, {
        understood: ["beach"],
        ignored: [],
        preview: PREVIEW,
        note: GENERATION_MESSAGES.subjectFillsFrame,
      }),
    });
    renderPreview("on a beach", { width: 1200, height: 800 }, "record-1");
    expect(await screen.findByText(GENERATION_MESSAGES.subjectFillsFrame)).toBeInTheDocument();
    expect(callsTo(fetchMock, PATH)).toEqual([
      expect.objectContaining({
        body: { prompt: "on a beach", width: 1200, height: 800, recordId: "record-1" },
      }),
    ]);
  });

  it("shows no note when the server makes none", async () => {
    mockApi({
      [`POST ${PATH}`]: jsonResponse(200, { understood: ["beach"], ignored: [], preview: PREVIEW }),
    });
    renderPreview("on a beach", null, "record-1");
    await screen.findByText("Everything you described will be drawn.");
    expect(screen.queryByText(/only a little of the scene/)).not.toBeInTheDocument();
  });

  it("says so when none of the words can be drawn", async () => {
    mockApi({
      [`POST ${PATH}`]: jsonResponse(200, { understood: [], ignored: ["loft"], preview: PREVIEW }),
    });
    renderPreview("in a loft", null);
    expect(
      await screen.findByText(
        "None of these words can be drawn yet: you would get a plain studio backdrop.",
      ),
    ).toBeInTheDocument();
  });

  it("shows nothing for an engine that draws whatever it is told", async () => {
    const fetchMock = mockApi({
      [`POST ${PATH}`]: jsonResponse(200, {
        understood: ["a cup among lemons"],
        ignored: [],
        preview: null,
      }),
    });
    const { container } = renderPreview("a cup among lemons", null);
    await waitFor(() => expect(callsTo(fetchMock, PATH)).toHaveLength(1));
    await waitFor(() => expect(container).toBeEmptyDOMElement());
  });

  it("tells the user generating still works when the preview fails", async () => {
    mockApi({ [`POST ${PATH}`]: jsonResponse(503, { error: "Service unavailable" }) });
    renderPreview("on a beach", null);
    expect(
      await screen.findByText("The preview is not available right now. You can still generate."),
    ).toBeInTheDocument();
  });

  it("keeps the last preview, quietly, while the server is too busy to draw the next (429)", async () => {
    let busy = false;
    const fetchMock = mockApi({
      [`POST ${PATH}`]: () =>
        busy
          ? new Response(JSON.stringify({ error: "busy" }), {
              status: 429,
              headers: { "Content-Type": "application/json", "Retry-After": "1" },
            })
          : jsonResponse(200, { understood: ["beach"], ignored: [], preview: PREVIEW }),
    });
    const client = createTestQueryClient();
    const view = (prompt: string) => (
      <QueryClientProvider client={client}>
        <ScenePreview prompt={prompt} outputSize={null} />
      </QueryClientProvider>
    );
    const { rerender } = render(view("on a beach"));
    expect(await screen.findByRole("img")).toHaveAttribute("src", PREVIEW);

    busy = true;
    rerender(view("on a beach at night"));
    // Asked, refused, asked once more after Retry-After, refused again: nothing more.
    await waitFor(() => expect(callsTo(fetchMock, PATH)).toHaveLength(3), { timeout: 4_000 });
    await waitFor(() => expect(screen.queryByText("Updating…")).not.toBeInTheDocument());
    expect(screen.getByRole("img")).toHaveAttribute("src", PREVIEW);
    expect(screen.getByText("beach")).toBeInTheDocument();
    expect(screen.queryByText(/not available/)).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(callsTo(fetchMock, PATH)).toHaveLength(3);
  });

  it("asks nothing for a prompt still too short to draw", async () => {
    const fetchMock = mockApi({});
    const { container } = renderPreview("on", null);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(callsTo(fetchMock, PATH)).toHaveLength(0);
    expect(container).toBeEmptyDOMElement();
  });
});
