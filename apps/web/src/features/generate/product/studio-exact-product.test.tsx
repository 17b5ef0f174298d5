import "fake-indexeddb/auto";
import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { imageRecord } from "../../../test/image-record.ts";
import { callsTo } from "../../../test/mock-api.ts";
import { jsonResponse } from "../../../test/render-route.tsx";
import {
  fillStudio,
  generationAnswers,
  RECORD_PATH,
  recordStream,
  renderStudio,
  stubStudioBrowser,
} from "../../../test/studio.ts";
import { clearDraft, readDraft } from "../draft/studio-draft.ts";

const WHITE = "pure white background, marketplace";

/**
 * The preview as the offline engine answers it: `marketplace` for a white request, nothing
 * about the product. The switch's default is read from that one field.
 */
function previewAnswer(init: RequestInit | undefined) {
  const { prompt } = JSON.parse(String(init?.body)) as { prompt: string };
  const white = /white|marketplace/.test(prompt);
  return jsonResponse(200, {
    understood: [prompt],
    ignored: [],
    preview: null,
    ...(white ? { marketplace: true } : {}),
  });
}

const exactSwitch = () => screen.getByRole("switch", { name: "Exact product" });
const promptField = () => screen.getByLabelText("Describe the new background");

function renderWithPreview(options: { relightOption?: boolean } = {}) {
  return renderStudio(
    {
      ...generationAnswers(),
      [`GET ${RECORD_PATH}`]: jsonResponse(200, imageRecord({ status: "uploaded", prompt: null })),
      "POST /api/fal/scene-preview": previewAnswer,
    },
    options,
  );
}

describe("the exact product switch (issue 29, point 3)", () => {
  beforeEach(async () => {
    stubStudioBrowser();
    await clearDraft();
  });

  it("says what it keeps, and follows the preview's marketplace reading until the seller chooses", async () => {
    const { user, fetchMock } = renderWithPreview();
    await fillStudio(user, WHITE);
    expect(exactSwitch()).toHaveAccessibleDescription(
      "Keeps every pixel of your product as photographed; only the scene around it is lit.",
    );
    await waitFor(() => expect(exactSwitch()).toBeChecked());

    await user.clear(promptField());
    await user.type(promptField(), "on a sandy beach at sunset");
    await waitFor(() => expect(exactSwitch()).not.toBeChecked());

    // Left to the prompt, the server decides as the preview did: nothing is sent.
    await user.click(screen.getByRole("button", { name: "Generate" }));
    await recordStream();
    const sent = callsTo(fetchMock, "/api/fal/process")[0]?.body as Record<string, unknown>;
    expect(sent).not.toHaveProperty("exactProduct");
  });

  it("starts on for a marketplace preview, read as the size picker's square is", async () => {
    const { user } = renderWithPreview();
    await fillStudio(user, WHITE);
    const sizeRow = screen.getByRole("button", { name: /^Size/ });
    await waitFor(() => expect(sizeRow).toHaveAccessibleName(/^Size Original size, made square/));
    expect(exactSwitch()).toBeChecked();
  });

  it("starts off once a preview that is not for a marketplace has answered", async () => {
    const { user } = renderStudio({
      ...generationAnswers(),
      [`GET ${RECORD_PATH}`]: jsonResponse(200, imageRecord({ status: "uploaded", prompt: null })),
      "POST /api/fal/scene-preview": jsonResponse(200, {
        understood: ["beach"],
        ignored: ["parasol"],
        preview: null,
      }),
    });
    await fillStudio(user, "a parasol on a beach");
    expect(await screen.findByText(/^Left out of the scene: parasol/)).toBeInTheDocument();
    expect(exactSwitch()).not.toBeChecked();
  });

  it("keeps the seller's choice over the prompt's, sends it and saves it in the draft", async () => {
    const { user, fetchMock } = renderWithPreview();
    await fillStudio(user, WHITE);
    await waitFor(() => expect(exactSwitch()).toBeChecked());
    await user.click(exactSwitch());
    expect(exactSwitch()).not.toBeChecked();

    await user.type(promptField(), ", main image");
    await waitFor(() =>
      expect(callsTo(fetchMock, "/api/fal/scene-preview").at(-1)?.body).toMatchObject({
        prompt: `${WHITE}, main image`,
      }),
    );
    expect(exactSwitch()).not.toBeChecked();
    await waitFor(async () => expect(await readDraft()).toMatchObject({ exactProduct: false }));

    await user.click(screen.getByRole("button", { name: "Generate" }));
    await recordStream();
    expect(callsTo(fetchMock, "/api/fal/process")[0]?.body).toMatchObject({ exactProduct: false });
  });

  it("is not offered beside the fal engine's relight option, whose paste-back is exact", async () => {
    renderWithPreview({ relightOption: true });
    expect(
      await screen.findByRole("checkbox", { name: /relight the product/ }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("switch", { name: "Exact product" })).toBeNull();
  });
});
