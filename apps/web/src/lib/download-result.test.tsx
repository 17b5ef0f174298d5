import { DOWNLOAD_MESSAGES } from "@backdrop/shared";
import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { AppToaster } from "../components/ui/app-toaster.tsx";
import { downloadBaseName, downloadImage } from "./download-result.ts";

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
        url: "/api/files/abc.png",
        prompt: "Sandy beach, golden hour!",
        suffix: "2x",
      }),
    ).resolves.toBe(true);

    expect(fetchMock).toHaveBeenCalledWith(
      new URL("/api/files/abc.png", window.location.origin),
      expect.objectContaining({ credentials: "same-origin" }),
    );
    expect(saved?.download).toBe("backdrop-sandy-beach-golden-hour-2x.png");
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
    await expect(downloadImage({ url })).resolves.toBe(false);
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
    await downloadImage({ url: "/api/files/abc.png" });
    expect(await screen.findByText(DOWNLOAD_MESSAGES.network)).toBeInTheDocument();

    await downloadImage({ url: "https://cdn.example.com/abc.png" });
    expect(await screen.findByText(DOWNLOAD_MESSAGES.crossOrigin)).toBeInTheDocument();

    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("gone", { status: 404 })),
    );
    await downloadImage({ url: "/api/files/abc.png" });
    expect(await screen.findByText(DOWNLOAD_MESSAGES.noImage)).toBeInTheDocument();
  });
});

describe("downloadBaseName", () => {
  it("names the file after the prompt and what was done", () => {
    expect(downloadBaseName("On a marble counter, morning light")).toBe(
      "backdrop-on-a-marble-counter-morning-light",
    );
    expect(downloadBaseName("", "edited")).toBe("backdrop-edited");
    expect(downloadBaseName("Café au lait — très chic")).toBe("backdrop-cafe-au-lait-tres-chic");
    expect(downloadBaseName("x".repeat(200)).length).toBeLessThanOrEqual(58);
  });
});
