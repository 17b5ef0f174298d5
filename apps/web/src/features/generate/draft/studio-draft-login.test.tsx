import "fake-indexeddb/auto";
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { stubEventSource, stubImageSize } from "../../../test/fake-browser.ts";
import { callsTo, mockApi } from "../../../test/mock-api.ts";
import { renderRoute } from "../../../test/render-route.tsx";
import {
  awaitPhotoWatch,
  fillStudio,
  generationAnswers,
  recordStream,
  subscriber,
} from "../../../test/studio.ts";
import { clearDraft, readDraft } from "./studio-draft.ts";

const PROMPT = "Sandy beach at golden hour";
const promptField = () => screen.getByLabelText("Describe the new background");
const sizeToggle = () => screen.getByRole("button", { name: /^Size/ });

/**
 * An anonymous visitor fills the studio, chooses Queue, Soft, Square and 2 takes and is asked
 * to log in.
 */
async function leaveForLogin() {
  const { user, unmount } = renderRoute("/");
  await fillStudio(user, PROMPT);
  await user.click(screen.getByRole("radio", { name: "Queue" }));
  await user.click(screen.getByRole("radio", { name: "Soft" }));
  await user.click(sizeToggle());
  await user.click(screen.getByRole("radio", { name: /^Square/ }));
  await user.click(screen.getByRole("radio", { name: "2 takes" }));
  await user.click(screen.getByRole("button", { name: "Generate" }));
  const dialog = await screen.findByRole("dialog", { name: "Login Required" });
  await user.click(within(dialog).getByRole("link", { name: "Go to Login" }));
  unmount();
}

describe("nothing lost across login", () => {
  beforeEach(async () => {
    stubImageSize(600, 400);
    stubEventSource();
    mockApi(generationAnswers());
    await clearDraft();
  });

  it("gives the photo, prompt and choices back once the visitor returns logged in", async () => {
    await leaveForLogin();

    const fetchMock = mockApi(generationAnswers());
    const { user } = renderRoute("/", { session: subscriber() });

    expect(await screen.findByRole("img", { name: "Preview of coffee.png" })).toBeInTheDocument();
    expect(screen.getByText(/600 × 400 px/)).toBeInTheDocument();
    // Priced as the square it was left as, not as the photo's own size (8 tokens), twice.
    expect(screen.getByText(/· you have/)).toHaveTextContent("2 takes × 16 tokens = 32 tokens");
    expect(promptField()).toHaveValue(PROMPT);
    expect(screen.getByRole("radio", { name: "Queue" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Soft" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "2 takes" })).toBeChecked();
    expect(sizeToggle()).toHaveAccessibleName(/^Size Square/);

    // What came back is uploaded at once, and is what gets generated.
    await awaitPhotoWatch();
    await user.click(screen.getByRole("button", { name: "Generate" }));
    await recordStream();
    const uploads = callsTo(fetchMock, "/api/fal/upload");
    expect(uploads).toHaveLength(1);
    const form = uploads[0]?.body as FormData;
    expect((form.get("image") as File).name).toBe("coffee.png");
    expect(callsTo(fetchMock, "/api/fal/process")[0]?.body).toMatchObject({
      prompt: PROMPT,
      processingMethod: "queue",
      shadow: "soft",
      aspect: "1:1",
      variations: 2,
    });
  });

  it("gives a visitor their draft back too, as often as the studio opens", async () => {
    await leaveForLogin();

    for (let visit = 0; visit < 2; visit++) {
      const anonymous = renderRoute("/");
      expect(await screen.findByRole("img", { name: "Preview of coffee.png" })).toBeVisible();
      expect(promptField()).toHaveValue(PROMPT);
      expect(screen.getByRole("radio", { name: "2 takes" })).toBeChecked();
      anonymous.unmount();
    }
    expect(await readDraft()).toMatchObject({ owner: null, prompt: PROMPT });
  });
});
