import { DOWNLOAD_MESSAGES } from "@backdrop/shared";
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppToaster } from "../components/ui/app-toaster.tsx";
import { DOWNLOAD_FORMAT_KEY } from "./download-format.ts";
import { downloadImage } from "./download-result.ts";

const FILE = "/api/files/0f8d2c4e-1111-4222-8333-444455556666.png";

/** Fetches answer an image of `type`; the saved file names are collected. */
function savingAs(type: string) {
  const fetchMock = vi.fn(
    async (_url: URL) =>
      new Response(new Uint8Array([1, 2, 3]), { status: 200, headers: { "content-type": type } }),
  );
  vi.stubGlobal("fetch", fetchMock);
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  return { fetchMock, saved };
}

const NO_NAME = { photoName: null, prompt: null };

function withToasts() {
  render(<AppToaster />);
}

describe("downloadImage", () => {
  it("saves the fetched image under a readable name", async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(new Uint8Array([137, 80, 78, 71]), {
          status: 200,
          headers: { "content-type": "image/png" },
        }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    let saved: HTMLAnchorElement | undefined;
    click.mockImplementation(function (this: HTMLAnchorElement) {
      saved = this;
    });

    await expect(
      downloadImage({
        url: FILE,
        name: { photoName: "Mug 12.PNG", prompt: "Sandy beach, golden hour!", take: 2 },
      }),
    ).resolves.toBe(true);

    // PNG until the seller chooses another format.
    expect(fetchMock).toHaveBeenCalledWith(
      new URL(`${FILE}?format=png`, window.location.origin),
      expect.objectContaining({ credentials: "same-origin" }),
    );
    expect(saved?.download).toBe("mug-12__sandy-beach-golden-hour__take-2.png");
    expect(saved?.isConnected).toBe(false);
  });

  it.each([
    [null, DOWNLOAD_MESSAGES.noImage],
    ["", DOWNLOAD_MESSAGES.noImage],
    ["javascript:alert(1)", DOWNLOAD_MESSAGES.invalidUrl],
    ["http://[bad", DOWNLOAD_MESSAGES.invalidUrl],
  ])("refuses %j with a toast", async (url, message) => {
    withToasts();
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    await expect(downloadImage({ url, name: NO_NAME })).resolves.toBe(false);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("tells a network failure from a refused answer and a cross-origin block", async () => {
    withToasts();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    await downloadImage({ url: "/api/files/abc.png", name: NO_NAME });
    expect(await screen.findByText(DOWNLOAD_MESSAGES.network)).toBeInTheDocument();

    await downloadImage({ url: "https://cdn.example.com/abc.png", name: NO_NAME });
    expect(await screen.findByText(DOWNLOAD_MESSAGES.crossOrigin)).toBeInTheDocument();

    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("gone", { status: 404 })),
    );
    await downloadImage({ url: "/api/files/abc.png", name: NO_NAME });
    expect(await screen.findByText(DOWNLOAD_MESSAGES.noImage)).toBeInTheDocument();
  });
});

describe("the download format", () => {
  afterEach(() => window.localStorage.clear());

  it("asks the server for the chosen format, but keeps a transparent cut-out's alpha", async () => {
    window.localStorage.setItem(DOWNLOAD_FORMAT_KEY, "jpeg");
    const { fetchMock, saved } = savingAs("image/jpeg");
    await downloadImage({ url: FILE, name: { photoName: "mug.png", prompt: "on a table" } });
    expect(fetchMock.mock.calls[0]?.[0].search).toBe("?format=jpeg");
    expect(saved).toEqual(["mug__table.jpg"]);

    const cutout = savingAs("image/png");
    await downloadImage({
      url: FILE,
      name: { photoName: "mug.png", prompt: "on a table", suffix: "transparent" },
      transparent: true,
    });
    expect(cutout.fetchMock.mock.calls[0]?.[0].search).toBe("?format=png");
    expect(cutout.saved).toEqual(["mug__table__transparent.png"]);
  });

  it("asks our files of the app's own origin, downloads other addresses as they are, and ignores a format it does not know", async () => {
    window.localStorage.setItem(DOWNLOAD_FORMAT_KEY, "tiff");
    const { fetchMock, saved } = savingAs("image/webp");
    await downloadImage({ url: `${FILE}?size=thumb`, name: NO_NAME });
    expect(fetchMock.mock.calls[0]?.[0].search).toBe("?format=png");
    await downloadImage({ url: "blob:http://localhost/abc", name: NO_NAME });
    expect(fetchMock.mock.calls[1]?.[0].href).toBe("blob:http://localhost/abc");
    await downloadImage({ url: `http://api.example.com${FILE}`, name: NO_NAME });
    expect(fetchMock.mock.calls[2]?.[0].href).toBe(`${window.location.origin}${FILE}?format=png`);
    expect(saved).toEqual(["backdrop.webp", "backdrop.webp", "backdrop.webp"]);
  });
});
