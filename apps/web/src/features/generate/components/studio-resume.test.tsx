import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubEventSource, stubImageSize } from "../../../test/fake-browser.ts";
import { imageRecord } from "../../../test/image-record.ts";
import { mockApi } from "../../../test/mock-api.ts";
import { jsonResponse, renderRoute } from "../../../test/render-route.tsx";
import {
  fillStudio,
  generationAnswers,
  ORIGINAL_URL,
  PROCESSED_URL,
  RECORD_PATH,
  recordStream,
  resultImage,
  subscriber,
} from "../../../test/studio.ts";

/** SPEC point 4's generation survives leaving the page: the record is named in the address. */
describe("a generation across a reload", () => {
  beforeEach(() => {
    stubImageSize(600, 400);
    stubEventSource();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("names the record in the address once its job is accepted", async () => {
    mockApi(generationAnswers());
    const { user, router } = renderRoute("/", { session: subscriber() });
    await fillStudio(user);
    await user.click(screen.getByRole("button", { name: "Generate" }));
    await recordStream();
    expect(router.state.location.search).toBe("?record=rec-1");
  });

  it("watches a job still running after a reload, with its photo, and shows its result", async () => {
    mockApi({
      ...generationAnswers(),
      [`GET ${RECORD_PATH}`]: jsonResponse(
        200,
        imageRecord({ status: "processing", stage: "cutting-out", prompt: "On a beach" }),
      ),
    });
    renderRoute("/?record=rec-1", { session: subscriber() });

    const stream = await recordStream();
    // The job's own photo under the progress, until the result replaces it.
    expect(screen.getByRole("progressbar")).toBeInTheDocument();
    expect(document.querySelector(`img[src="${ORIGINAL_URL}"]`)).not.toBeNull();
    stream.emit(
      "record",
      imageRecord({ status: "completed", stage: null, processedImage: { url: PROCESSED_URL } }),
    );
    await screen.findByRole("button", { name: "Download" });
    expect(resultImage()).toHaveAttribute("src", PROCESSED_URL);
  });

  it("shows a result that finished while the user was away", async () => {
    mockApi({
      ...generationAnswers(),
      [`GET ${RECORD_PATH}`]: jsonResponse(
        200,
        imageRecord({ status: "completed", stage: null, processedImage: { url: PROCESSED_URL } }),
      ),
    });
    renderRoute("/?record=rec-1", { session: subscriber() });
    await waitFor(() => expect(resultImage()).toHaveAttribute("src", PROCESSED_URL));
  });
});
