import { GENERATION_MESSAGES } from "@backdrop/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { catchDownloads, pngAnswer } from "../../../test/downloads.ts";
import { imageRecord } from "../../../test/image-record.ts";
import { callsTo } from "../../../test/mock-api.ts";
import {
  fillStudio,
  generationAnswers,
  ORIGINAL_URL,
  recordStream,
  renderStudio,
  resultImage,
  stubStudioBrowser,
} from "../../../test/studio.ts";

/** Each test its own result: the app remembers every display copy it has read, by URL. */
const RESULT_URL = "/api/files/large-result.png";
const RESULT_DISPLAY_URL = `${RESULT_URL}?size=display`;
const ORIGINAL_DISPLAY_URL = `${ORIGINAL_URL}?size=display`;

function originalImage() {
  return resultImage().nextElementSibling as HTMLImageElement;
}

/** Generates and lets the server push the finished record, naming `result` as its image. */
async function generateTo(
  user: Parameters<typeof fillStudio>[0],
  result: { url: string; displayUrl?: string; width?: number; height?: number },
) {
  await fillStudio(user);
  await user.click(screen.getByRole("button", { name: "Generate" }));
  (await recordStream()).emit(
    "record",
    imageRecord({
      status: "completed",
      stage: null,
      originalImage: {
        url: ORIGINAL_URL,
        displayUrl: ORIGINAL_DISPLAY_URL,
        width: 600,
        height: 400,
      },
      processedImage: { ...result, fidelity: null },
    }),
  );
  await screen.findByRole("button", { name: "Download" });
}

describe("the result's display copy", () => {
  beforeEach(stubStudioBrowser);

  it("shows the image itself when the record names no display copy", async () => {
    const { user } = renderStudio();
    await generateTo(user, { url: "/api/files/older.png" });

    expect(resultImage()).toHaveAttribute("src", "/api/files/older.png");
  });

  it("shows the display copies on stage, at the image's own size, and downloads the image itself", async () => {
    const savedName = catchDownloads();
    const { user, fetchMock } = renderStudio({
      ...generationAnswers(),
      [`GET ${RESULT_URL}`]: pngAnswer(),
    });
    await generateTo(user, {
      url: RESULT_URL,
      displayUrl: RESULT_DISPLAY_URL,
      width: 2400,
      height: 1600,
    });

    const shown = resultImage();
    expect(shown).toHaveAttribute("src", RESULT_DISPLAY_URL);
    expect(shown).toHaveAttribute("fetchpriority", "high");
    expect(shown).toHaveAttribute("decoding", "async");
    expect(shown).toHaveAttribute("width", "2400");
    expect(shown).toHaveAttribute("height", "1600");
    expect(originalImage()).toHaveAttribute("src", ORIGINAL_DISPLAY_URL);
    // The copy's pixels (at most 1600 px) are not the image's: its size stays the record's.
    fireEvent.load(shown);
    const result = screen.getByRole("region", { name: "Result" });
    expect(within(result).getByText("2400 × 1600 px")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Download" }));

    await waitFor(() => expect(savedName()).toBe("backdrop__sandy-beach-golden-hour.png"));
    expect(callsTo(fetchMock, RESULT_URL)).toHaveLength(1);
    expect(callsTo(fetchMock, RESULT_DISPLAY_URL)).toHaveLength(0);
  });

  it("shows the image itself when its display copy cannot be loaded", async () => {
    const { user } = renderStudio();
    await generateTo(user, {
      url: "/api/files/copy-lost.png",
      displayUrl: "/api/files/copy-lost.png?size=display",
    });
    expect(resultImage()).toHaveAttribute("src", "/api/files/copy-lost.png?size=display");

    fireEvent.error(resultImage());
    expect(resultImage()).toHaveAttribute("src", "/api/files/copy-lost.png");
    fireEvent.error(originalImage());
    expect(originalImage()).toHaveAttribute("src", ORIGINAL_URL);
    const result = screen.getByRole("region", { name: "Result" });
    expect(within(result).queryByText(GENERATION_MESSAGES.imageLoadFailed)).not.toBeInTheDocument();

    // The image itself failing too is the spec's "Error loading image".
    fireEvent.error(resultImage());
    expect(within(result).getByText(GENERATION_MESSAGES.imageLoadFailed)).toHaveAttribute(
      "role",
      "alert",
    );
  });
});
