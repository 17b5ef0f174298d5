import { GENERATION_MESSAGES } from "@backdrop/shared";
import { screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { catchDownloads, pngAnswer } from "../../../test/downloads.ts";
import { imageRecord } from "../../../test/image-record.ts";
import { callsTo } from "../../../test/mock-api.ts";
import { jsonResponse } from "../../../test/render-route.tsx";
import {
  fillStudio,
  generationAnswers,
  openRecordInStudio,
  RECORD_PATH,
  recordStream,
  renderStudio,
  resultImage,
  stubStudioBrowser,
  subscriber,
} from "../../../test/studio.ts";

const TAKES = ["/api/files/take-1.png", "/api/files/take-2.png"] as const;
const CHOOSE_PATH = `${RECORD_PATH}/choose`;
const UPSCALED_URL = "/api/files/upscaled.png";

/** The finished record of a two-take generation, showing the take at `chosen`. */
function twoTakes(chosen = 0, overrides: Parameters<typeof imageRecord>[0] = {}) {
  return imageRecord({
    status: "completed",
    stage: null,
    processedImage: { url: TAKES[chosen] as string, fidelity: null },
    variations: TAKES.map((url, index) => ({ url, seed: 41 + index, fidelity: null })),
    ...overrides,
  });
}

const costLine = () => screen.getByText(/· you have/);
const strip = () => screen.getByRole("list", { name: /^Takes/ });
const take = (number: number) => within(strip()).getByRole("button", { name: `Take ${number}` });
const upscaleAccepted = jsonResponse(200, {
  request_id: "job-2",
  status: "queued",
  message: "Image upscaling started",
});

/** Generates two takes and lets the server push the finished record. */
async function generateTwoTakes(user: UserEvent) {
  await fillStudio(user);
  await user.click(screen.getByRole("radio", { name: "2 takes" }));
  await user.click(screen.getByRole("button", { name: "Generate" }));
  const stream = await recordStream();
  stream.emit("record", twoTakes());
  await screen.findByRole("button", { name: "Download" });
}

describe("takes of one generation (issue 14, point 2)", () => {
  beforeEach(() => {
    // 600 × 400 at its own size: 8 tokens a take
    stubStudioBrowser();
  });

  it("prices every take before Generate and asks the server for that many", async () => {
    const { user, fetchMock } = renderStudio();
    await fillStudio(user);
    expect(screen.getByRole("radio", { name: "1 take" })).toBeChecked();
    expect(costLine()).toHaveTextContent("This photo costs 8 tokens · you have 120");

    await user.click(screen.getByRole("radio", { name: "3 takes" }));

    expect(costLine()).toHaveTextContent("3 takes × 8 tokens = 24 tokens · you have 120");
    await user.click(screen.getByRole("button", { name: "Generate" }));
    await recordStream();
    expect(callsTo(fetchMock, "/api/fal/process")[0]?.body).toMatchObject({ variations: 3 });
  });

  it("checks the balance against the price of every take", async () => {
    const { user, fetchMock } = renderStudio(generationAnswers(), {
      session: subscriber({ numOfTokens: 0, subscriptionTokens: 20 }),
    });
    await fillStudio(user);
    await user.click(screen.getByRole("radio", { name: "3 takes" }));

    await user.click(screen.getByRole("button", { name: "Generate" }));

    expect(await screen.findByText(GENERATION_MESSAGES.notEnoughTokens)).toBeInTheDocument();
    expect(callsTo(fetchMock, "/api/fal/process")).toHaveLength(0);

    // two takes (16 tokens) fit the balance: the message goes and Generate starts
    await user.click(screen.getByRole("radio", { name: "2 takes" }));
    expect(screen.queryByText(GENERATION_MESSAGES.notEnoughTokens)).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Generate" }));
    await recordStream();
    expect(callsTo(fetchMock, "/api/fal/process")[0]?.body).toMatchObject({ variations: 2 });
  });

  it("shows the takes of a finished record as thumbnails, the first chosen", async () => {
    const { user } = renderStudio();
    await generateTwoTakes(user);

    expect(within(strip()).getAllByRole("button")).toHaveLength(2);
    expect(take(1)).toHaveAttribute("aria-pressed", "true");
    expect(take(2)).toHaveAttribute("aria-pressed", "false");
    expect(within(take(1)).getByText("Chosen")).toBeInTheDocument();
    expect(take(2).querySelector("img")).toHaveAttribute("src", `${TAKES[1]}?size=thumb`);
    expect(resultImage()).toHaveAttribute("src", TAKES[0]);
  });

  it("shows no strip for a generation of one take", async () => {
    const { user } = renderStudio();
    await fillStudio(user);
    await user.click(screen.getByRole("button", { name: "Generate" }));
    const stream = await recordStream();
    stream.emit(
      "record",
      twoTakes(0, { variations: [{ url: TAKES[0], seed: 41, fidelity: null }] }),
    );
    await screen.findByRole("button", { name: "Download" });
    expect(screen.queryByRole("list", { name: /^Takes/ })).not.toBeInTheDocument();
  });

  it("makes the picked take the result that Download and Upscale act on", async () => {
    let answerChoice: (response: Response) => void = () => {};
    const savedName = catchDownloads();
    const { user, fetchMock } = renderStudio({
      ...generationAnswers(),
      [`POST ${CHOOSE_PATH}`]: () => new Promise<Response>((resolve) => (answerChoice = resolve)),
      [`GET ${TAKES[1]}`]: pngAnswer(),
      "POST /api/fal/upscale": upscaleAccepted,
    });
    await generateTwoTakes(user);

    await user.click(take(2));

    expect(callsTo(fetchMock, CHOOSE_PATH)).toEqual([
      expect.objectContaining({ method: "POST", body: { index: 1 } }),
    ]);
    // asked, not yet answered: the strip waits and the former take stays
    expect(strip()).toHaveAttribute("aria-busy", "true");
    expect(take(1)).toBeDisabled();
    expect(resultImage()).toHaveAttribute("src", TAKES[0]);
    answerChoice(jsonResponse(200, twoTakes(1)));

    await waitFor(() => expect(resultImage()).toHaveAttribute("src", TAKES[1]));
    expect(take(2)).toHaveAttribute("aria-pressed", "true");
    expect(take(1)).toHaveAttribute("aria-pressed", "false");
    expect(take(1)).toBeEnabled();

    await user.click(screen.getByRole("button", { name: "Download" }));
    await waitFor(() => expect(callsTo(fetchMock, TAKES[1])).toHaveLength(1));
    expect(callsTo(fetchMock, TAKES[0])).toHaveLength(0);
    // Each take downloads under a name of its own.
    expect(savedName()).toBe("backdrop__sandy-beach-golden-hour__take-2.png");

    await user.click(screen.getByRole("button", { name: "Upscale 2x" }));
    expect(callsTo(fetchMock, "/api/fal/upscale")[0]?.body).toMatchObject({
      imageUrl: TAKES[1],
    });
  });

  it("locks the takes while an upscale runs, and drops that upscale once another is chosen", async () => {
    const { user } = renderStudio({
      ...generationAnswers(),
      "POST /api/fal/upscale": upscaleAccepted,
      [`POST ${CHOOSE_PATH}`]: jsonResponse(200, twoTakes(1)),
    });
    await generateTwoTakes(user);

    await user.click(screen.getByRole("button", { name: "Upscale 2x" }));
    const upscale = await recordStream(2);
    expect(take(2)).toBeDisabled();
    upscale.emit("record", twoTakes(0, { upscaledImage: { url: UPSCALED_URL, fidelity: null } }));
    await screen.findByRole("button", { name: "Revert Upscale" });
    expect(resultImage()).toHaveAttribute("src", UPSCALED_URL);

    await user.click(take(2));

    await waitFor(() => expect(resultImage()).toHaveAttribute("src", TAKES[1]));
    expect(screen.getByRole("button", { name: "Upscale 2x" })).toBeInTheDocument();
    expect(screen.queryByText("Upscaled 2x")).not.toBeInTheDocument();
  });

  it("says why a take could not be chosen and keeps the one shown", async () => {
    const { user } = renderStudio({
      ...generationAnswers(),
      [`POST ${CHOOSE_PATH}`]: jsonResponse(409, {
        error: GENERATION_MESSAGES.alreadyProcessing,
      }),
    });
    await generateTwoTakes(user);

    await user.click(take(2));

    expect(await screen.findByText(GENERATION_MESSAGES.alreadyProcessing)).toBeInTheDocument();
    expect(resultImage()).toHaveAttribute("src", TAKES[0]);
    expect(take(1)).toHaveAttribute("aria-pressed", "true");
    expect(take(2)).toBeEnabled();
  });

  it("shows the takes of a record opened from the gallery, with its chosen one", async () => {
    openRecordInStudio(twoTakes(1));

    await waitFor(() => expect(resultImage()).toHaveAttribute("src", TAKES[1]));
    expect(take(2)).toHaveAttribute("aria-pressed", "true");
    expect(take(1)).toHaveAttribute("aria-pressed", "false");
  });
});
