import type { TFidelity } from "@backdrop/shared";
import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { imageRecord } from "../../../test/image-record.ts";
import { callsTo } from "../../../test/mock-api.ts";
import {
  fillStudio,
  generationAnswers,
  openRecordInStudio,
  PROCESSED_URL,
  recordStream,
  renderStudio,
  stubStudioBrowser,
} from "../../../test/studio.ts";

const MAP_URL = "/api/files/difference.png";

function fidelity(overrides: Partial<TFidelity> = {}): TFidelity {
  return {
    withinDeltaE2: 0.9984,
    meanDeltaE: 0.21,
    kept: "original",
    differenceUrl: MAP_URL,
    ...overrides,
  };
}

/** The studio showing a finished generation whose product was measured as `measured`. */
async function generatedWith(measured: TFidelity | null) {
  const rendered = renderStudio();
  await fillStudio(rendered.user);
  await rendered.user.click(screen.getByRole("button", { name: "Generate" }));
  const stream = await recordStream();
  const processedImage = { url: PROCESSED_URL, fidelity: measured };
  stream.emit(
    "record",
    imageRecord({ status: "completed", stage: null, processedImage, fidelity: measured }),
  );
  await screen.findByRole("button", { name: "Download" });
  return rendered;
}

describe("the product's fidelity (issue 15, point 4)", () => {
  beforeEach(stubStudioBrowser);

  it("shows how much of the product is the photo's own, and where it differs", async () => {
    const { user } = await generatedWith(fidelity());
    expect(screen.getByText("Product unchanged — 99.8% of pixels within ΔE 2")).toBeInTheDocument();

    const see = screen.getByRole("button", { name: "See difference" });
    expect(see).toHaveAttribute("aria-pressed", "false");
    await user.click(see);
    expect(screen.getByRole("img", { name: /^Where the product differs/ })).toHaveAttribute(
      "src",
      MAP_URL,
    );
    expect(screen.getByText("Within ΔE 2")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Hide difference" }));
    expect(screen.queryByRole("img", { name: /^Where the product differs/ })).toBeNull();
    expect(screen.getByRole("img", { name: /^Your photo with the new background/ })).toBeVisible();
  });

  it("says so when the model was let relight the product", async () => {
    await generatedWith(fidelity({ kept: "redrawn", withinDeltaE2: 0.123, meanDeltaE: 9.4 }));
    expect(screen.getByText("Product redrawn — 12.3% of pixels within ΔE 2")).toBeInTheDocument();
    expect(screen.getByText(/You let the model relight the product/)).toBeInTheDocument();
  });

  it("says in plain words that the colours were adjusted, the figure in the details", async () => {
    await generatedWith(fidelity({ kept: "light-matched", withinDeltaE2: 0.6421 }));
    expect(screen.getByText("Colours adjusted to the scene's light")).toBeInTheDocument();
    expect(
      screen.getByText(/within set bounds: 64\.2% of pixels within ΔE 2\./),
    ).toBeInTheDocument();
  });

  it("shows no badge for a result that was not measured", async () => {
    await generatedWith(null);
    expect(screen.queryByText(/of pixels within ΔE 2/)).toBeNull();
  });

  it("reads the figure of a record opened again without asking twice", async () => {
    const measured = fidelity({ withinDeltaE2: 0.9971 });
    const record = imageRecord({
      _id: "rec-1",
      status: "completed",
      stage: null,
      processedImage: { url: "/api/files/reopened.png", fidelity: measured },
      fidelity: measured,
    });
    const { fetchMock } = openRecordInStudio(record);
    expect(
      await screen.findByText("Product unchanged — 99.7% of pixels within ΔE 2"),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, "/api/fal/images/rec-1")).toHaveLength(1);
  });
});

describe("letting the model relight the product", () => {
  beforeEach(stubStudioBrowser);

  it("is offered only where the engine's model can relight, off by default", async () => {
    renderStudio();
    await screen.findByRole("button", { name: "Generate" });
    expect(screen.queryByRole("checkbox", { name: /relight the product/ })).toBeNull();
  });

  it("sends the choice with the generation", async () => {
    const { user, fetchMock } = renderStudio(generationAnswers(), { relightOption: true });
    const option = await screen.findByRole("checkbox", { name: /relight the product/ });
    expect(option).not.toBeChecked();
    await fillStudio(user);
    await user.click(option);
    expect(screen.getByText(/its colours and label may change/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Generate" }));
    await recordStream();
    expect(callsTo(fetchMock, "/api/fal/process")[0]?.body).toMatchObject({
      relightProduct: true,
    });
  });
});
