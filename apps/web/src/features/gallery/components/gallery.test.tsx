import { DOWNLOAD_MESSAGES, type TImageRecord } from "@backdrop/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, mockApi } from "../../../test/mock-api.ts";
import { jsonResponse, renderRoute, testUser } from "../../../test/render-route.tsx";

const FILES = "http://app.test/api/files";

function record(id: string, overrides: Partial<TImageRecord>): TImageRecord {
  return {
    _id: id,
    originalImage: { url: `${FILES}/${id}-original.png` },
    processedImage: null,
    upscaledImage: null,
    aiGeneratedImages: [],
    cutoutImage: null,
    variations: [],
    fidelity: null,
    status: "completed",
    stage: null,
    progress: null,
    error: null,
    prompt: null,
    sourceName: null,
    width: 600,
    height: 400,
    createdAt: "2026-01-05T10:30:00.000Z",
    updatedAt: "2026-01-05T10:31:00.000Z",
    ...overrides,
  };
}

/** Newest first, as the server answers: a full record, a generated one, a bare upload. */
const RECORDS = [
  record("r1", {
    prompt: "On a marble counter, morning light",
    sourceName: "Red Bottle SKU-1042.jpg",
    processedImage: { url: `${FILES}/p1.png`, fidelity: null },
    upscaledImage: { url: `${FILES}/u1.jpg`, fidelity: null },
    aiGeneratedImages: [
      { url: `${FILES}/e1.png`, fidelity: null, instruction: "Make it black and white" },
      { url: `${FILES}/e2.png`, fidelity: null, instruction: null },
    ],
  }),
  record("r2", {
    prompt: "In a desert at dusk",
    processedImage: { url: `${FILES}/p2.png`, fidelity: null },
    createdAt: "2026-01-04T08:00:00.000Z",
  }),
  record("r3", { status: "uploaded" }),
];

const pngFile = () =>
  new Response(new Uint8Array([137, 80, 78, 71]), {
    status: 200,
    headers: { "Content-Type": "image/png" },
  });

function renderGallery(answer: Response | (() => Response) = jsonResponse(200, RECORDS)) {
  const fetchMock = mockApi({
    "GET /api/images/user-1": answer,
    "GET /api/files/p1.png": pngFile,
    "GET /api/files/c1.png": pngFile,
  });
  const view = renderRoute("/gallery", { session: testUser() });
  return { fetchMock, ...view };
}

const panel = () => screen.getByRole("tabpanel");
const thumbnails = () => Array.from(panel().querySelectorAll("img")).map((img) => img.src);
const thumb = (name: string) => `${window.location.origin}/api/files/${name}?size=thumb`;
const tile = (name: RegExp) => within(panel()).getByRole("button", { name });

describe("gallery", () => {
  it("fetches the user's records and shows each tab's images as lazy thumbnails", async () => {
    const { fetchMock, user } = renderGallery();

    expect(await screen.findByRole("tab", { name: "Generated 2" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    expect(screen.getByRole("tab", { name: "Processed (AI) 2" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Upscaled 1" })).toBeInTheDocument();
    expect(callsTo(fetchMock, "/api/images/user-1")).toHaveLength(1);

    expect(thumbnails()).toEqual([thumb("p1.png"), thumb("p2.png")]);
    for (const img of panel().querySelectorAll("img")) {
      expect(img).toHaveAttribute("loading", "lazy");
      expect(img).toHaveAttribute("decoding", "async");
    }
    expect(tile(/^Generated image: On a marble counter, morning light, 5 Jan 2026/)).toBeVisible();
    expect(panel()).toHaveAccessibleName("Generated 2");

    await user.click(screen.getByRole("tab", { name: "Processed (AI) 2" }));
    // A record's edits, newest first.
    expect(thumbnails()).toEqual([thumb("e2.png"), thumb("e1.png")]);
    expect(tile(/^AI edit 2: On a marble counter/)).toBeVisible();
    // an edit shows the instruction that made it, on the tile and in the viewer
    const firstEdit = tile(/^AI edit 1: “Make it black and white”; On a marble counter/);
    expect(firstEdit).toHaveTextContent("“Make it black and white”");
    await user.click(firstEdit);
    const viewer = await screen.findByRole("dialog", { name: "AI edit 1" });
    expect(within(viewer).getByText("“Make it black and white”")).toBeVisible();
    await user.keyboard("{Escape}");

    await user.click(screen.getByRole("tab", { name: "Upscaled 1" }));
    expect(thumbnails()).toEqual([thumb("u1.jpg")]);
  });

  it("moves between tabs with the arrow keys, Home and End, keeping one tab stop", async () => {
    const { user } = renderGallery();
    const generated = await screen.findByRole("tab", { name: /^Generated/ });
    const processed = screen.getByRole("tab", { name: /^Processed/ });
    const upscaled = screen.getByRole("tab", { name: /^Upscaled/ });
    expect([generated, processed, upscaled].map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);

    generated.focus();
    await user.keyboard("{ArrowRight}");
    expect(processed).toHaveFocus();
    expect(processed).toHaveAttribute("aria-selected", "true");
    expect([generated, processed, upscaled].map((tab) => tab.tabIndex)).toEqual([-1, 0, -1]);
    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect(generated).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(upscaled).toHaveFocus();
    await user.keyboard("{Home}");
    expect(generated).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{End}");
    expect(upscaled).toHaveAttribute("aria-selected", "true");
    expect(thumbnails()).toEqual([thumb("u1.jpg")]);
  });

  it("opens on the tab named in the address", async () => {
    mockApi({ "GET /api/images/user-1": jsonResponse(200, RECORDS) });
    renderRoute("/gallery?tab=upscaled", { session: testUser() });
    expect(await screen.findByRole("tab", { name: "Upscaled 1" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
  });

  it("shows an empty state on each tab that leads to Generate", async () => {
    const { user } = renderGallery(jsonResponse(200, [record("r3", { status: "uploaded" })]));

    const empty = await screen.findByRole("heading", { name: "No generated images yet" });
    expect(screen.getByRole("tab", { name: "Generated 0" })).toBeInTheDocument();
    expect(within(panel()).getByRole("link", { name: "Generate your first" })).toHaveAttribute(
      "href",
      "/",
    );
    expect(empty).toBeVisible();

    await user.click(screen.getByRole("tab", { name: "Processed (AI) 0" }));
    expect(screen.getByRole("heading", { name: "No AI edits yet" })).toBeVisible();
    expect(within(panel()).getByRole("link", { name: "Go to Generate" })).toHaveAttribute(
      "href",
      "/",
    );

    await user.click(screen.getByRole("tab", { name: "Upscaled 0" }));
    expect(screen.getByRole("heading", { name: "No upscaled images yet" })).toBeVisible();
  });

  it("says 'Error fetching images' when the list fails, and tries again on Retry", async () => {
    let calls = 0;
    const { user } = renderGallery(() =>
      ++calls === 1 ? jsonResponse(500, {}) : jsonResponse(200, RECORDS),
    );

    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading", { name: "Error fetching images" })).toBeVisible();
    expect(screen.queryByRole("tablist")).not.toBeInTheDocument();

    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("tab", { name: "Generated 2" })).toHaveFocus();
    expect(calls).toBe(2);
  });

  it("says the same when the answer is not a list of records", async () => {
    renderGallery(jsonResponse(200, { unexpected: true }));
    expect(
      await screen.findByRole("heading", { name: "Error fetching images" }),
    ).toBeInTheDocument();
  });

  it("opens the full view on a tile, steps with the arrows and closes with Esc", async () => {
    const { user } = renderGallery();
    const first = await screen.findByRole("button", { name: /^Generated image: On a marble/ });
    await user.click(first);

    const dialog = await screen.findByRole("dialog", { name: "Generated image" });
    expect(dialog).toHaveAccessibleDescription("On a marble counter, morning light");
    expect(dialog).toHaveTextContent("1 of 2");
    expect(dialog).toHaveTextContent("5 Jan 2026");
    expect(dialog).toHaveTextContent("PNG");
    const full = within(dialog).getByRole("img", {
      name: "Background: On a marble counter, morning light",
    });
    expect(full).toHaveAttribute("src", "/api/files/p1.png");
    Object.defineProperties(full, {
      naturalWidth: { value: 1200 },
      naturalHeight: { value: 800 },
    });
    fireEvent.load(full);
    expect(dialog).toHaveTextContent("1200 × 800 px");

    await user.keyboard("{ArrowRight}");
    expect(dialog).toHaveAccessibleDescription("In a desert at dusk");
    expect(dialog).toHaveTextContent("2 of 2");
    // Wraps round at either end.
    await user.keyboard("{ArrowRight}");
    expect(dialog).toHaveTextContent("1 of 2");
    await user.keyboard("{ArrowLeft}");
    expect(dialog).toHaveTextContent("2 of 2");
    await user.click(within(dialog).getByRole("button", { name: "Previous image" }));
    expect(dialog).toHaveTextContent("1 of 2");
    await user.click(within(dialog).getByRole("button", { name: "Next image" }));

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // Focus returns to the tile of the image shown last.
    expect(screen.getByRole("button", { name: /^Generated image: In a desert/ })).toHaveFocus();
  });

  it("keeps focus inside the full view", async () => {
    const { user } = renderGallery();
    await user.click(await screen.findByRole("button", { name: /^Generated image: On a marble/ }));
    const dialog = await screen.findByRole("dialog");
    for (let i = 0; i < 6; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it("downloads the full file under a name made of the photo's and the scene's", async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const { fetchMock, user } = renderGallery();
    await user.click(await screen.findByRole("button", { name: /^Generated image: On a marble/ }));
    const dialog = await screen.findByRole("dialog");

    await user.click(within(dialog).getByRole("button", { name: "Download" }));

    await waitFor(() =>
      expect(saved).toEqual(["red-bottle-sku-1042__marble-counter-morning-light.png"]),
    );
    expect(callsTo(fetchMock, "/api/files/p1.png")).toHaveLength(1);
    expect(within(dialog).getByRole("button", { name: "Download" })).toBeEnabled();
  });

  it("offers a generated image's transparent PNG when its record has a cut-out", async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const [first, ...others] = RECORDS;
    const withCutout = { ...first, cutoutImage: { url: `${FILES}/c1.png` } } as TImageRecord;
    const { fetchMock, user } = renderGallery(jsonResponse(200, [withCutout, ...others]));

    await user.click(await screen.findByRole("button", { name: /^Generated image: In a desert/ }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).queryByRole("button", { name: "Transparent PNG" })).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Previous image" }));
    await user.click(within(dialog).getByRole("button", { name: "Transparent PNG" }));

    await waitFor(() =>
      expect(saved).toEqual(["red-bottle-sku-1042__marble-counter-morning-light__transparent.png"]),
    );
    expect(callsTo(fetchMock, "/api/files/c1.png")).toHaveLength(1);
    expect(callsTo(fetchMock, "/api/files/p1.png")).toHaveLength(0);
    // The upscale is twice the photo's size: the cut-out is offered with the generated image.
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("tab", { name: /^Upscaled/ }));
    await user.click(await screen.findByRole("button", { name: /^Upscaled image: On a marble/ }));
    const upscaled = await screen.findByRole("dialog");
    expect(within(upscaled).queryByRole("button", { name: "Transparent PNG" })).toBeNull();
  });

  it("tells the user when a download fails", async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    mockApi({
      "GET /api/images/user-1": jsonResponse(200, RECORDS),
      "GET /api/files/p1.png": jsonResponse(500, {}),
    });
    const { user } = renderRoute("/gallery", { session: testUser() });
    await user.click(await screen.findByRole("button", { name: /^Generated image: On a marble/ }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Download" }),
    );

    expect(await screen.findByText(DOWNLOAD_MESSAGES.failed)).toBeInTheDocument();
    expect(click).not.toHaveBeenCalled();
  });

  it("asks a visitor to log in, and comes back here afterwards", () => {
    const fetchMock = mockApi({});
    renderRoute("/gallery");
    expect(screen.getByRole("heading", { name: "Log in to see your gallery" })).toBeVisible();
    expect(within(screen.getByRole("main")).getByRole("link", { name: "Log In" })).toHaveAttribute(
      "href",
      "/login?next=/gallery",
    );
    expect(screen.queryByRole("tablist")).not.toBeInTheDocument();
    expect(callsTo(fetchMock, "/api/images/user-1")).toHaveLength(0);
  });
});
