import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { imageRecord } from "../../../test/image-record.ts";
import {
  fillStudio,
  ORIGINAL_URL,
  openRecordInStudio,
  PROCESSED_URL,
  recordStream,
  renderStudio,
  resultImage,
  stubStudioBrowser,
} from "../../../test/studio.ts";

/** SPEC point 4's generation survives leaving the page: the record is named in the address. */
describe("a generation across a reload", () => {
  beforeEach(stubStudioBrowser);
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("names the record in the address once its job is accepted", async () => {
    const { user, router } = renderStudio();
    await fillStudio(user);
    await user.click(screen.getByRole("button", { name: "Generate" }));
    await recordStream();
    expect(router.state.location.search).toBe("?record=rec-1");
  });

  it("watches a job still running after a reload, with its photo, and shows its result", async () => {
    openRecordInStudio(
      imageRecord({ status: "processing", stage: "cutting-out", prompt: "On a beach" }),
    );

    const stream = await recordStream();
    // The job's own photo under the progress, until the result replaces it.
    expect(screen.getByRole("progressbar")).toBeInTheDocument();
    expect(document.querySelector(`img[src="${ORIGINAL_URL}"]`)).not.toBeNull();
    stream.emit(
      "record",
      imageRecord({
        status: "completed",
        stage: null,
        processedImage: { url: PROCESSED_URL, fidelity: null },
      }),
    );
    await screen.findByRole("button", { name: "Download" });
    expect(resultImage()).toHaveAttribute("src", PROCESSED_URL);
  });

  it("shows a result that finished while the user was away", async () => {
    openRecordInStudio(
      imageRecord({
        status: "completed",
        stage: null,
        processedImage: { url: PROCESSED_URL, fidelity: null },
      }),
    );
    await waitFor(() => expect(resultImage()).toHaveAttribute("src", PROCESSED_URL));
  });
});
