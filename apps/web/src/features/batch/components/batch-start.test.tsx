import { GENERATION_DEFAULTS, GENERATION_MESSAGES } from "@backdrop/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { batchAnswers, openBatch } from "../../../test/batch.ts";
import { callsTo, mockApi } from "../../../test/mock-api.ts";
import { jsonResponse, renderRoute } from "../../../test/render-route.tsx";
import { renderStudio, stubStudioBrowser, subscriber } from "../../../test/studio.ts";

const generateAll = (count: number) =>
  screen.getByRole("button", { name: `Generate all ${count}` });
const PROMPT = "On a marble counter, morning light";

describe("starting a batch (issue 14, point 6)", () => {
  beforeEach(stubStudioBrowser);

  it("shows the total price against the balance, at the chosen size", async () => {
    const { user } = renderStudio(batchAnswers());
    await openBatch(user, 3);

    expect(screen.getByText("3 photos × 8 tokens = 24 tokens").parentElement).toHaveTextContent(
      /= 24 tokens\s*· you have 120$/,
    );

    // a square of a 600 × 400 photo is 1024 × 1024: two megapixels' worth
    await user.click(screen.getByRole("button", { name: /^Size/ }));
    await user.click(screen.getByRole("radio", { name: /^Square/ }));
    expect(screen.getByText("3 photos × 16 tokens = 48 tokens")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Remove photo-1.png" }));
    expect(screen.getByText("2 photos × 16 tokens = 32 tokens")).toBeInTheDocument();
  });

  it("refuses a batch the balance does not cover, in the spec's words, and uploads nothing", async () => {
    const { user, fetchMock } = renderStudio(batchAnswers(), {
      session: subscriber({ numOfTokens: 0, subscriptionTokens: 23 }),
    });
    await openBatch(user, 3);
    await user.type(screen.getByLabelText("Describe the new background"), PROMPT);

    await user.click(generateAll(3));

    expect(await screen.findByText(GENERATION_MESSAGES.notEnoughTokens)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Get more tokens" })).toHaveAttribute(
      "href",
      "/pricing",
    );
    expect(callsTo(fetchMock, "/api/fal/upload")).toHaveLength(0);
    expect(callsTo(fetchMock, "/api/fal/process")).toHaveLength(0);

    // one photo fewer fits the balance
    await user.click(screen.getByRole("button", { name: "Remove photo-3.png" }));
    expect(screen.queryByText(GENERATION_MESSAGES.notEnoughTokens)).not.toBeInTheDocument();
    await user.click(generateAll(2));
    await waitFor(() => expect(callsTo(fetchMock, "/api/fal/process")).toHaveLength(2));
  });

  it("cannot start on an ended subscription, and says why", async () => {
    const ended = subscriber({ subscriptionEndDate: "2020-01-01T00:00:00.000Z" });
    const { user } = renderStudio(batchAnswers(ended), { session: ended });
    await openBatch(user, 2);

    expect(generateAll(2)).toBeDisabled();
    expect(generateAll(2)).toHaveAccessibleDescription(
      `${GENERATION_MESSAGES.subscriptionExpired} Renew your plan`,
    );
  });

  it("asks a visitor to log in first", async () => {
    const fetchMock = mockApi(batchAnswers());
    const { user } = renderRoute("/");
    await openBatch(user, 2);

    await user.click(generateAll(2));
    expect(await screen.findByRole("dialog", { name: "Login Required" })).toBeInTheDocument();
    expect(callsTo(fetchMock, "/api/fal/upload")).toHaveLength(0);
  });

  it("sends a user without a payment customer to the plans, and a missing prompt to its field", async () => {
    const { user, fetchMock } = renderStudio(batchAnswers(subscriber({ stripeCustomerId: null })), {
      session: subscriber({ stripeCustomerId: null }),
    });
    await openBatch(user, 2);

    await user.click(generateAll(2));
    expect(await screen.findByText(GENERATION_MESSAGES.promptRequired)).toBeInTheDocument();
    expect(screen.getByLabelText("Describe the new background")).toHaveFocus();

    await user.type(screen.getByLabelText("Describe the new background"), PROMPT);
    await user.click(generateAll(2));
    expect(
      await screen.findByRole("dialog", { name: "Subscription Required" }),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, "/api/fal/upload")).toHaveLength(0);
  });

  it("uploads every photo and starts each job with the same prompt and settings", async () => {
    const { user, fetchMock } = renderStudio(batchAnswers());
    await openBatch(user, 4);
    await user.type(screen.getByLabelText("Describe the new background"), PROMPT);
    await user.click(screen.getByRole("radio", { name: "Queue" }));
    await user.click(screen.getByRole("radio", { name: "Soft" }));
    await user.click(screen.getByRole("button", { name: /^Size/ }));
    await user.click(screen.getByRole("radio", { name: /^Portrait/ }));

    await user.click(generateAll(4));

    await waitFor(() => expect(callsTo(fetchMock, "/api/fal/process")).toHaveLength(4));
    const uploaded = callsTo(fetchMock, "/api/fal/upload").map(
      ({ body }) => ((body as FormData).get("image") as File).name,
    );
    expect(uploaded).toEqual(["photo-1.png", "photo-2.png", "photo-3.png", "photo-4.png"]);
    const started = callsTo(fetchMock, "/api/fal/process").map(({ body }) => body);
    expect(started).toEqual(
      [1, 2, 3, 4].map((n) => ({
        prompt: PROMPT,
        imageUrl: `/api/files/original-${n}.png`,
        options: GENERATION_DEFAULTS,
        savedRecordId: `rec-${n}`,
        userUid: "user-1",
        processingMethod: "queue",
        shadow: "soft",
        aspect: "4:5",
        // one take per photo: a batch is one picture of each
        variations: 1,
        relightProduct: false,
      })),
    );
    // the form gives way to what the batch is made with
    expect(screen.queryByLabelText("Describe the new background")).not.toBeInTheDocument();
    expect(screen.getByText("Queue · Soft shadow · Portrait 4:5")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Remove photo-1.png" })).not.toBeInTheDocument();
  });

  it("uploads three photos at a time", async () => {
    const pending: (() => void)[] = [];
    let uploads = 0;
    const { user, fetchMock } = renderStudio({
      ...batchAnswers(),
      "POST /api/fal/upload": () =>
        new Promise<Response>((resolve) => {
          const n = ++uploads;
          pending.push(() =>
            resolve(
              jsonResponse(200, {
                url: `/api/files/original-${n}.png`,
                savedBaseImage: { _id: `rec-${n}` },
              }),
            ),
          );
        }),
    });
    await openBatch(user, 5);
    await user.type(screen.getByLabelText("Describe the new background"), PROMPT);

    await user.click(generateAll(5));

    await waitFor(() => expect(callsTo(fetchMock, "/api/fal/upload")).toHaveLength(3));
    expect(
      within(screen.getByRole("listitem", { name: "photo-4.png" })).getByText("Waiting to upload"),
    ).toBeInTheDocument();
    pending.shift()?.();
    await waitFor(() => expect(callsTo(fetchMock, "/api/fal/upload")).toHaveLength(4));
    expect(callsTo(fetchMock, "/api/fal/upload")).toHaveLength(4);
  });
});
