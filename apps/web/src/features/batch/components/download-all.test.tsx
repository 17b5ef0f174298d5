import { GALLERY_MESSAGES } from "@backdrop/shared";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DOWNLOAD_FORMAT_KEY } from "../../../lib/download-format.ts";
import {
  batchAnswers,
  completedRecord,
  recordEvents,
  resultUrl,
  startBatch,
  tile,
} from "../../../test/batch.ts";
import { imageRecord } from "../../../test/image-record.ts";
import { callsTo, mockApi } from "../../../test/mock-api.ts";
import { jsonResponse } from "../../../test/render-route.tsx";
import { stubStudioBrowser } from "../../../test/studio.ts";

type Answer = Parameters<typeof mockApi>[0][string];

/** A batch of three whose first and third photos are done and whose second failed. */
async function finishedBatch(archive: Answer) {
  const answers = { ...batchAnswers(), "POST /api/images/archive": archive };
  const { user, fetchMock } = await startBatch(3, answers, "Snowy forest");
  const emit = async (n: number, record: unknown) => {
    await waitFor(() => expect(recordEvents(n)?.closed).toBe(false));
    recordEvents(n)?.emit("record", record);
  };
  await emit(1, completedRecord(1));
  await emit(2, imageRecord({ _id: "rec-2", status: "failed", stage: null, error: "No" }));
  await emit(3, completedRecord(3));
  await screen.findByText("2 of 3 done · 1 failed");
  return { user, fetchMock };
}

/** The names of the files the page hands to the browser to save, and the blobs saved. */
function savedFiles() {
  const saved: { name: string; blob: Blob | MediaSource }[] = [];
  const blobs: (Blob | MediaSource)[] = [];
  vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
    blobs.push(blob);
    return `blob:saved/${blobs.length}`;
  });
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const index = Number(this.href.split("/").pop()) - 1;
    saved.push({ name: this.download, blob: blobs[index] as Blob });
  });
  return saved;
}

describe("Download all (issue 14, point 6)", () => {
  beforeEach(stubStudioBrowser);
  afterEach(() => window.localStorage.clear());

  it("posts the finished records in the batch's order and saves the ZIP", async () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04]);
    const { user, fetchMock } = await finishedBatch(
      () => new Response(zip, { headers: { "Content-Type": "application/zip" } }),
    );
    const saved = savedFiles();

    await user.click(screen.getByRole("button", { name: "Download all (2)" }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(callsTo(fetchMock, "/api/images/archive")).toEqual([
      expect.objectContaining({
        url: "/api/images/archive?format=png",
        method: "POST",
        body: { ids: ["rec-1", "rec-3"] },
      }),
    ]);
    expect(saved[0]?.name).toBe("backdrop-images.zip");
    const blob = saved[0]?.blob as Blob;
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(zip);
    expect(screen.getByRole("button", { name: "Download all (2)" })).toBeEnabled();

    // The format chosen beside it is asked of the server, and remembered.
    await user.selectOptions(screen.getByRole("combobox", { name: "Download format" }), "WebP");
    await user.click(screen.getByRole("button", { name: "Download all (2)" }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(callsTo(fetchMock, "/api/images/archive")[1]?.url).toBe(
      "/api/images/archive?format=webp",
    );
    expect(window.localStorage.getItem(DOWNLOAD_FORMAT_KEY)).toBe("webp");
  });

  it("downloads one photo's result under its own file name and the scene's words", async () => {
    const { user } = await finishedBatch(jsonResponse(500, {}));
    mockApi({
      [`GET ${resultUrl(3)}`]: new Response(new Uint8Array([1]), {
        headers: { "Content-Type": "image/png" },
      }),
    });
    const saved = savedFiles();

    await user.click(tile("photo-3.png").getByRole("button", { name: "Download photo-3.png" }));

    await waitFor(() =>
      expect(saved.map((file) => file.name)).toEqual(["photo-3__snowy-forest.png"]),
    );
  });

  it("shows the wait, then the server's reason when the ZIP cannot be made", async () => {
    let answer: (response: Response) => void = () => {};
    const { user } = await finishedBatch(
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    const saved = savedFiles();

    await user.click(screen.getByRole("button", { name: "Download all (2)" }));
    expect(await screen.findByRole("button", { name: "Preparing ZIP…" })).toBeDisabled();
    answer(jsonResponse(400, { error: GALLERY_MESSAGES.archiveEmpty }));

    expect(await screen.findByText(GALLERY_MESSAGES.archiveEmpty)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Download all (2)" })).toBeEnabled();
    expect(saved).toHaveLength(0);
  });
});
