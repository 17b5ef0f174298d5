import "fake-indexeddb/auto";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { stubEventSource, stubImageSize } from "../../../test/fake-browser.ts";
import { callsTo, mockApi } from "../../../test/mock-api.ts";
import { renderRoute } from "../../../test/render-route.tsx";
import { fillStudio, generationAnswers, recordStream, subscriber } from "../../../test/studio.ts";
import { takeDraft } from "../studio-draft.ts";

const PROMPT = "Sandy beach at golden hour";
const promptField = () => screen.getByLabelText("Describe the new background");
const preview = () => screen.queryByRole("img", { name: "Preview of coffee.png" });

/** An anonymous visitor fills the studio, chooses Queue and is asked to log in. */
async function leaveForLogin() {
  const { user, unmount } = renderRoute("/");
  await fillStudio(user, PROMPT);
  await user.click(screen.getByRole("radio", { name: "Queue" }));
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
    await takeDraft();
  });

  it("gives the photo, prompt and method back once the visitor returns logged in", async () => {
    await leaveForLogin();

    const { user } = renderRoute("/", { session: subscriber() });

    expect(await screen.findByRole("img", { name: "Preview of coffee.png" })).toBeInTheDocument();
    expect(screen.getByText(/600 × 400 px/)).toBeInTheDocument();
    expect(screen.getByText(/This photo costs/)).toBeInTheDocument();
    expect(promptField()).toHaveValue(PROMPT);
    expect(screen.getByRole("radio", { name: "Queue" })).toBeChecked();

    // What came back is what gets generated.
    const fetchMock = mockApi(generationAnswers());
    await user.click(screen.getByRole("button", { name: "Generate" }));
    await recordStream();
    const form = callsTo(fetchMock, "/api/fal/upload")[0]?.body as FormData;
    expect((form.get("image") as File).name).toBe("coffee.png");
    expect(callsTo(fetchMock, "/api/fal/process")[0]?.body).toMatchObject({
      prompt: PROMPT,
      processingMethod: "queue",
    });
  });

  it("keeps the draft while the visitor is still anonymous, and restores it once", async () => {
    await leaveForLogin();

    const anonymous = renderRoute("/");
    // Long enough for a draft to be read, were it read for a visitor.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(preview()).not.toBeInTheDocument();
    expect(promptField()).toHaveValue("");
    anonymous.unmount();

    renderRoute("/", { session: subscriber() });
    await waitFor(() => expect(promptField()).toHaveValue(PROMPT));
    expect(await takeDraft()).toBeNull();
  });
});
