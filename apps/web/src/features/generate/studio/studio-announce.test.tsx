import { GENERATION_MESSAGES } from "@backdrop/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { imageRecord } from "../../../test/image-record.ts";
import {
  fillStudio,
  PROCESSED_URL,
  recordStream,
  renderStudio,
  stubStudioBrowser,
} from "../../../test/studio.ts";

const result = () => screen.getByRole("region", { name: "Result" });
const announcer = () => document.getElementById("studio-announcer");

describe("the studio for keyboards and screen readers", () => {
  beforeEach(stubStudioBrowser);

  it("moves focus to the result on Generate and announces the start and the result", async () => {
    const { user } = renderStudio();
    await fillStudio(user);
    expect(announcer()).toHaveAttribute("aria-live", "polite");
    expect(announcer()).toBeEmptyDOMElement();

    screen.getByRole("button", { name: "Generate" }).focus();
    await user.keyboard("{Enter}");

    expect(result()).toHaveFocus();
    expect(announcer()).toHaveTextContent("Generating your new background.");
    const stream = await recordStream();
    stream.emit("record", imageRecord({ stage: "cutting out" }));
    // the stage is told by the progress card's own polite label, without its percentage
    const stage = await within(result()).findByText("Cutting out your subject…");
    expect(stage).toHaveAttribute("aria-live", "polite");
    expect(stage).not.toHaveTextContent("%");
    expect(announcer()).toHaveTextContent("Generating your new background.");

    stream.emit(
      "record",
      imageRecord({
        status: "completed",
        stage: null,
        processedImage: { url: PROCESSED_URL, fidelity: null },
      }),
    );
    await waitFor(() => expect(announcer()).toHaveTextContent("Your result is ready."));
    expect(result()).toHaveFocus();
  });

  it("announces a failed generation with its reason", async () => {
    const { user } = renderStudio();
    await fillStudio(user);
    await user.click(screen.getByRole("button", { name: "Generate" }));
    (await recordStream()).emit(
      "record",
      imageRecord({ status: "failed", stage: null, error: GENERATION_MESSAGES.modelFailed }),
    );
    await waitFor(() =>
      expect(announcer()).toHaveTextContent(
        `Generation failed: ${GENERATION_MESSAGES.modelFailed}`,
      ),
    );
  });
});
