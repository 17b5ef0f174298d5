import { GENERATION_MESSAGES } from "@backdrop/shared";
import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import {
  batchAnswers,
  batchTiles,
  openBatch,
  photoFiles,
  pickPhotos,
} from "../../../test/batch.ts";
import { pngFile } from "../../../test/fake-browser.ts";
import { callsTo } from "../../../test/mock-api.ts";
import { renderStudio, stubStudioBrowser } from "../../../test/studio.ts";

const tileNames = () => batchTiles().map((tile) => tile.getAttribute("aria-label"));

describe("entering a batch (issue 14, point 6)", () => {
  beforeEach(stubStudioBrowser);

  it("opens the batch when several photos are picked, each on its own tile, uploading none yet", async () => {
    const { user, fetchMock } = renderStudio(batchAnswers());
    expect(screen.getByLabelText("Your photo")).toHaveAttribute("multiple");

    await openBatch(user, 3);

    expect(tileNames()).toEqual(["photo-1.png", "photo-2.png", "photo-3.png"]);
    expect(screen.getByRole("img", { name: "Preview of photo-2.png" })).toBeInTheDocument();
    for (const tile of batchTiles()) expect(tile).toHaveTextContent("600 × 400 px · 8 B");
    expect(screen.queryByRole("region", { name: "Result" })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, "/api/fal/upload")).toHaveLength(0);
  });

  it("keeps one photo in the studio", async () => {
    const { user } = renderStudio(batchAnswers());

    await pickPhotos(user, photoFiles(1));

    expect(await screen.findByRole("img", { name: "Preview of photo-1.png" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: /^Batch of/ })).not.toBeInTheDocument();
  });

  it("keeps the first 20 photos of a larger pick and says so", async () => {
    const { user } = renderStudio(batchAnswers());

    await pickPhotos(user, photoFiles(23));

    await screen.findByRole("heading", { name: "Batch of 20 photos" });
    expect(tileNames()).toHaveLength(20);
    expect(tileNames().at(-1)).toBe("photo-20.png");
    expect(screen.getByRole("status")).toHaveTextContent(
      "A batch holds up to 20 photos, so the last 3 you picked were left out.",
    );
    expect(screen.getByText("Add photos").closest("label")).toHaveClass("pointer-events-none");
  });

  it("names the files it could not take, with the studio's reason", async () => {
    const { user } = renderStudio(batchAnswers());
    const notes = new File(["text"], "notes.txt", { type: "text/plain" });

    // accept="image/*" would filter the file out before the app sees it
    await user
      .setup({ applyAccept: false })
      .upload(screen.getByLabelText("Your photo"), [...photoFiles(2), notes]);

    await screen.findByRole("heading", { name: "Batch of 2 photos" });
    expect(screen.getByRole("status")).toHaveTextContent(
      `This file was not added:notes.txt: ${GENERATION_MESSAGES.notAnImage}`,
    );
  });

  it("takes a photo out, adds more and goes back to the studio", async () => {
    const { user } = renderStudio(batchAnswers());
    await openBatch(user, 3);

    await user.click(screen.getByRole("button", { name: "Remove photo-2.png" }));
    expect(tileNames()).toEqual(["photo-1.png", "photo-3.png"]);

    await user.upload(screen.getByLabelText("Add photos"), [pngFile("more.png")]);
    await waitFor(() => expect(tileNames()).toEqual(["photo-1.png", "photo-3.png", "more.png"]));

    await user.click(screen.getByRole("button", { name: "Back to one photo" }));
    expect(screen.queryByRole("heading", { name: /^Batch of/ })).not.toBeInTheDocument();
    expect(screen.getByText("Upload a photo")).toBeInTheDocument();
  });
});
