import { GENERATION_MESSAGES } from "@backdrop/shared";
import { screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { callsTo } from "../../../test/mock-api.ts";
import { jsonResponse } from "../../../test/render-route.tsx";
import {
  emitCompleted,
  fillStudio,
  generationAnswers,
  recordStream,
  renderStudio,
  stubStudioBrowser,
  subscriber,
} from "../../../test/studio.ts";

const generate = () => screen.getByRole("button", { name: "Generate" });
const costLine = () => screen.getByText(/This photo costs/);

async function chooseSize(user: UserEvent, name: RegExp) {
  await user.click(screen.getByRole("button", { name: /^Size/ }));
  await user.click(screen.getByRole("radio", { name }));
}

describe("the output's size (issue 14, point 3)", () => {
  beforeEach(stubStudioBrowser);

  it("prices Generate at the chosen size, sends it as aspect, and shows the result at it", async () => {
    const { user, fetchMock } = renderStudio();
    await fillStudio(user);
    expect(costLine()).toHaveTextContent("This photo costs 8 tokens · you have 120");

    // A 600 × 400 photo as a square is 1024 × 1024, over a megapixel.
    await chooseSize(user, /^Square/);
    expect(costLine()).toHaveTextContent("This photo costs 16 tokens · you have 120");

    await user.click(generate());
    const stream = await recordStream();
    expect(callsTo(fetchMock, "/api/fal/process")[0]?.body).toMatchObject({ aspect: "1:1" });

    emitCompleted(stream);
    const result = screen.getByRole("region", { name: "Result" });
    await within(result).findByRole("button", { name: "Download" });
    // The square's size, not the upload's, until the image itself has loaded.
    expect(within(result).getByText("1024 × 1024 px")).toBeInTheDocument();
  });

  it("checks the balance against the chosen size's price", async () => {
    // 10 tokens: enough for the photo at its own size (8), not as a square (16).
    const { user, fetchMock } = renderStudio(generationAnswers(), {
      session: subscriber({ numOfTokens: 0, subscriptionTokens: 10 }),
    });
    await fillStudio(user);
    await chooseSize(user, /^Square/);

    await user.click(generate());

    expect(await screen.findByText(GENERATION_MESSAGES.notEnoughTokens)).toBeInTheDocument();
    expect(callsTo(fetchMock, "/api/fal/process")).toHaveLength(0);

    // A size the balance covers clears the message, and generates.
    await user.click(screen.getByRole("radio", { name: /^Original size/ }));
    expect(screen.queryByText(GENERATION_MESSAGES.notEnoughTokens)).not.toBeInTheDocument();
    await user.click(generate());
    await recordStream();
    expect(callsTo(fetchMock, "/api/fal/process")[0]?.body).toMatchObject({
      aspect: "original",
    });
  });

  it("makes a white background's picture square at the photo's own size, as the server does", async () => {
    const { user, fetchMock } = renderStudio({
      ...generationAnswers(),
      "POST /api/fal/scene-preview": jsonResponse(200, {
        understood: ["white"],
        ignored: [],
        preview: null,
        marketplace: true,
      }),
    });
    await fillStudio(user, "pure white background for amazon");
    const sizeRow = screen.getByRole("button", { name: /^Size/ });
    await waitFor(() =>
      expect(sizeRow).toHaveAccessibleName(/^Size Original size, made square · 1:1 600 × 600/),
    );
    // The price is the photo's own: the square is never charged more.
    expect(costLine()).toHaveTextContent("This photo costs 8 tokens · you have 120");

    await user.click(generate());
    const stream = await recordStream();
    expect(callsTo(fetchMock, "/api/fal/process")[0]?.body).toMatchObject({
      aspect: "original",
    });
    emitCompleted(stream);
    // The result is framed as the square the server makes, not in the photo's shape.
    const result = screen.getByRole("region", { name: "Result" });
    await within(result).findByRole("button", { name: "Download" });
    expect(within(result).getByText("600 × 600 px")).toBeInTheDocument();
  });
});
