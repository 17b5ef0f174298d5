import { DOWNLOAD_MESSAGES, GENERATION_MESSAGES, UPSCALE_DEFAULTS } from "@backdrop/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { catchDownloads, pngAnswer } from "../../../test/downloads.ts";
import { imageRecord } from "../../../test/image-record.ts";
import { callsTo } from "../../../test/mock-api.ts";
import { jsonResponse } from "../../../test/render-route.tsx";
import {
  generateToResult,
  generationAnswers,
  openRecordInStudio,
  PROCESSED_URL,
  recordStream,
  renderStudio,
  resultImage,
  stubStudioBrowser,
  subscriber,
} from "../../../test/studio.ts";
import { stageSpan } from "../progress/job-estimate.ts";

const UPSCALED_URL = "/api/files/upscaled.png";
const CUTOUT_URL = "/api/files/cutout.png";
const upscaleAccepted = jsonResponse(200, {
  request_id: "job-2",
  status: "queued",
  message: "Image upscaling started",
});

describe("the result and its actions", () => {
  beforeEach(stubStudioBrowser);

  it("upscales 2x, then Revert Upscale restores the image shown before", async () => {
    const { user, fetchMock } = renderStudio({
      ...generationAnswers(),
      "POST /api/fal/upscale": upscaleAccepted,
    });
    await generateToResult(user);

    await user.click(screen.getByRole("button", { name: "Upscale 2x" }));

    expect(callsTo(fetchMock, "/api/fal/upscale")[0]?.body).toEqual({
      imageUrl: PROCESSED_URL,
      options: UPSCALE_DEFAULTS,
      savedRecordId: "rec-1",
      userUid: "user-1",
    });
    const stream = await recordStream(2);
    stream.emit("record", imageRecord({ status: "processing", stage: "upscaling" }));
    expect(await screen.findByText("Upscaling to twice the size…")).toBeInTheDocument();
    const bar = screen.getByRole("progressbar", { name: "Upscale progress" });
    stream.emit("record", imageRecord({ status: "processing", stage: "upscaling", progress: 0.5 }));
    // The measured half of the upscaling stage, placed within the whole job (job-estimate.ts).
    const span = stageSpan("upscale", "upscaling", (600 * 400) / 1_000_000);
    const percent = Math.floor(((span?.start ?? 0) + (span?.share ?? 0) * 0.5) * 100);
    await waitFor(() => expect(bar).toHaveAttribute("aria-valuenow", String(percent)));
    expect(screen.getByText(`${percent}%`)).toBeInTheDocument();
    // the image stays on stage while it is upscaled
    expect(resultImage()).toHaveAttribute("src", PROCESSED_URL);

    stream.emit(
      "record",
      imageRecord({
        status: "completed",
        processedImage: { url: PROCESSED_URL, fidelity: null },
        upscaledImage: { url: UPSCALED_URL, fidelity: null },
      }),
    );

    const revert = await screen.findByRole("button", { name: "Revert Upscale" });
    expect(resultImage()).toHaveAttribute("src", UPSCALED_URL);
    expect(screen.getByText("Upscaled 2x")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Upscale 2x" })).not.toBeInTheDocument();

    await user.click(revert);

    expect(resultImage()).toHaveAttribute("src", PROCESSED_URL);
    expect(screen.getByRole("button", { name: "Upscale 2x" })).toBeInTheDocument();
    expect(screen.queryByText("Upscaled 2x")).not.toBeInTheDocument();
  });

  it("needs 2 tokens to upscale", async () => {
    const poor = subscriber({ numOfTokens: 0, subscriptionTokens: 9 });
    const after = subscriber({ numOfTokens: 0, subscriptionTokens: 1 });
    const { user, fetchMock } = renderStudio(
      { ...generationAnswers(after), "POST /api/fal/upscale": upscaleAccepted },
      { session: poor },
    );
    await generateToResult(user);
    await waitFor(() => expect(screen.getAllByText("1 token").length).toBeGreaterThan(0));

    await user.click(screen.getByRole("button", { name: "Upscale 2x" }));

    expect(
      await screen.findByText(GENERATION_MESSAGES.notEnoughTokensToUpscale),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, "/api/fal/upscale")).toHaveLength(0);
  });

  it("explains a refused upscale inline and with the spec's toast", async () => {
    const { user } = renderStudio({
      ...generationAnswers(),
      "POST /api/fal/upscale": () => new Response("", { status: 500 }),
    });
    await generateToResult(user);

    await user.click(screen.getByRole("button", { name: "Upscale 2x" }));

    expect(await screen.findByText(GENERATION_MESSAGES.upscaleStartFailed)).toBeInTheDocument();
    expect(await screen.findByText(GENERATION_MESSAGES.upscaleFailed)).toBeInTheDocument();
    expect(resultImage()).toHaveAttribute("src", PROCESSED_URL);
  });

  it("reports a failed upscale job with its reason", async () => {
    const { user } = renderStudio({
      ...generationAnswers(),
      "POST /api/fal/upscale": upscaleAccepted,
    });
    await generateToResult(user);
    await user.click(screen.getByRole("button", { name: "Upscale 2x" }));

    (await recordStream(2)).emit(
      "record",
      imageRecord({ status: "failed", error: GENERATION_MESSAGES.upscaleTimedOut }),
    );

    expect(await screen.findByText(GENERATION_MESSAGES.upscaleTimedOut)).toBeInTheDocument();
    expect(await screen.findByText(GENERATION_MESSAGES.upscaleFailed)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Upscale 2x" })).toBeEnabled();
  });

  it("downloads the shown image with a readable file name", async () => {
    const savedName = catchDownloads();
    const { user, fetchMock } = renderStudio({
      ...generationAnswers(),
      [`GET ${PROCESSED_URL}`]: pngAnswer(),
    });
    await generateToResult(user);

    await user.click(screen.getByRole("button", { name: "Download" }));

    // A record that does not know its photo's name: "backdrop" stands for it.
    await waitFor(() => expect(savedName()).toBe("backdrop__sandy-beach-golden-hour.png"));
    expect(callsTo(fetchMock, PROCESSED_URL)).toHaveLength(1);
  });

  it("offers the subject as a transparent PNG only once the record has a cut-out", async () => {
    const savedName = catchDownloads();
    const { user, fetchMock } = renderStudio({
      ...generationAnswers(),
      [`GET ${CUTOUT_URL}`]: pngAnswer(),
    });
    await generateToResult(user);
    expect(screen.queryByRole("button", { name: "Transparent PNG" })).not.toBeInTheDocument();
    expect(screen.queryByText(/transparent PNG/)).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Generate" }));
    (await recordStream(2)).emit(
      "record",
      imageRecord({
        status: "completed",
        processedImage: { url: PROCESSED_URL, fidelity: null },
        cutoutImage: { url: CUTOUT_URL },
        sourceName: "Red Bottle SKU-1042.jpg",
      }),
    );
    const transparent = await screen.findByRole("button", { name: "Transparent PNG" });
    expect(transparent).toHaveAccessibleDescription(/The transparent PNG of your subject is free/);

    await user.click(transparent);

    await waitFor(() =>
      expect(savedName()).toBe("red-bottle-sku-1042__sandy-beach-golden-hour__transparent.png"),
    );
    expect(callsTo(fetchMock, CUTOUT_URL)).toHaveLength(1);
    expect(callsTo(fetchMock, PROCESSED_URL)).toHaveLength(0);
    expect(transparent).toBeEnabled();
  });

  it("offers the transparent PNG of a record opened from the gallery", async () => {
    openRecordInStudio(
      imageRecord({
        status: "completed",
        stage: null,
        processedImage: { url: PROCESSED_URL, fidelity: null },
        cutoutImage: { url: CUTOUT_URL },
      }),
    );
    expect(await screen.findByRole("button", { name: "Transparent PNG" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Download" })).toBeInTheDocument();
  });

  it("keeps the cut-out transparent whatever format is chosen beside Download", async () => {
    openRecordInStudio(
      imageRecord({
        status: "completed",
        stage: null,
        processedImage: { url: PROCESSED_URL, fidelity: null },
        cutoutImage: { url: CUTOUT_URL },
      }),
    );
    const format = await screen.findByRole("combobox", { name: "Download format" });
    expect(format).toHaveValue("png");
    // WebP keeps the alpha: the cut-out follows it.
    fireEvent.change(format, { target: { value: "webp" } });
    expect(
      await screen.findByRole("button", { name: "Transparent WebP" }),
    ).toHaveAccessibleDescription(/The transparent WebP of your subject is free/);
    // JPEG has none: the cut-out stays a PNG.
    fireEvent.change(format, { target: { value: "jpeg" } });
    expect(await screen.findByRole("button", { name: "Transparent PNG" })).toBeInTheDocument();
    window.localStorage.clear();
  });

  it("toasts a download that fails", async () => {
    const { user } = renderStudio({
      ...generationAnswers(),
      [`GET ${PROCESSED_URL}`]: () => {
        throw new TypeError("Failed to fetch");
      },
    });
    await generateToResult(user);

    await user.click(screen.getByRole("button", { name: "Download" }));

    expect(await screen.findByText(DOWNLOAD_MESSAGES.network)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Download" })).toBeEnabled();
  });

  it("says 'Error loading image' when the result cannot be shown", async () => {
    const { user } = renderStudio();
    await generateToResult(user);

    fireEvent.error(resultImage());

    const result = screen.getByRole("region", { name: "Result" });
    expect(within(result).getByText(GENERATION_MESSAGES.imageLoadFailed)).toHaveAttribute(
      "role",
      "alert",
    );
    expect(screen.queryByRole("slider")).not.toBeInTheDocument();
  });

  it("compares with the original through a range slider", async () => {
    const { user } = renderStudio();
    await generateToResult(user);
    const slider = screen.getByRole("slider", { name: "Compare with the original" });
    const original = resultImage().nextElementSibling as HTMLImageElement;
    expect(original).toHaveAttribute("src", "/api/files/original.png");
    expect(original.style.clipPath).toBe("inset(0 50% 0 0)");

    // a native range input: the browser moves it with the arrow keys, Page Up/Down, Home and End
    expect(slider).toHaveAttribute("type", "range");
    fireEvent.change(slider, { target: { value: "52" } });

    expect((slider as HTMLInputElement).value).toBe("52");
    expect(slider).toHaveAttribute("aria-valuetext", "52% original, 48% result");
    expect(original.style.clipPath).toBe("inset(0 48% 0 0)");
  });

  it("opens the AI editor with Edit with AI on a plan with AI edits", async () => {
    const pro = subscriber({ subscriptionPlanId: "pro" });
    const { user } = renderStudio(generationAnswers(pro), { session: pro });
    await generateToResult(user);
    expect(screen.queryByRole("dialog", { name: "Edit with AI" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Edit with AI" }));

    expect(await screen.findByRole("dialog", { name: "Edit with AI" })).toBeInTheDocument();
    // The studio behind the modal editor is hidden from assistive technology while it is open.
    expect(screen.getByRole("button", { name: "Edit with AI", hidden: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(screen.getByRole("button", { name: "Upscale 2x", hidden: true })).toBeDisabled();
  });
});
