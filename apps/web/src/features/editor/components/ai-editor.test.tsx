import { GENERATION_MESSAGES as M } from "@backdrop/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { callsTo, mockApi } from "../../../test/mock-api.ts";
import { jsonResponse } from "../../../test/render-route.tsx";
import { EDIT_TIPS } from "../edit-tips.ts";
import {
  historySteps,
  ORIGINAL_URL,
  renderEditor,
  renderResult,
  shownImage,
} from "./render-ai-editor.test-helper.tsx";

const EDIT_PATH = "/api/fal/edit-gemini";

/** The edit endpoint answering edit-1.png, edit-2.png, … in turn. */
function mockEdits() {
  let count = 0;
  return mockApi({
    [`POST ${EDIT_PATH}`]: () =>
      jsonResponse(200, { image: { url: `/files/edit-${++count}.png`, fidelity: null } }),
  });
}

type Setup = Awaited<ReturnType<typeof renderEditor>>;

async function editWith({ user }: Setup, prompt: string) {
  const field = screen.getByLabelText("Describe your edit");
  await user.clear(field);
  await user.type(field, prompt);
  await user.click(screen.getByRole("button", { name: "Edit Image" }));
  await screen.findByRole("button", { name: "Edit Image" });
}

describe("AI editor", () => {
  it("opens on the image it was given, with nothing to undo", async () => {
    await renderEditor();
    expect(shownImage()).toHaveAttribute("src", ORIGINAL_URL);
    expect(screen.getByRole("button", { name: "Undo" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Redo" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Reset to Original" })).toBeDisabled();
    expect(historySteps()).toHaveLength(1);
  });

  it("asks for a prompt before calling the server", async () => {
    const fetchMock = mockEdits();
    const { user } = await renderEditor();
    await user.click(screen.getByRole("button", { name: "Edit Image" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(M.editPromptRequired);
    expect(screen.getByLabelText("Describe your edit")).toHaveAttribute("aria-invalid", "true");
    expect(callsTo(fetchMock, EDIT_PATH)).toHaveLength(0);
  });

  it.each(["free", "starter"] as const)(
    "tells a %s user at once, on Edit with AI, and sends them to the plans without opening",
    async (plan) => {
      const fetchMock = mockEdits();
      const { user } = renderResult({ subscriptionPlanId: plan });
      await user.click(screen.getByRole("button", { name: "Edit with AI" }));
      const alert = screen.getByRole("alert");
      expect(alert).toHaveTextContent(M.editsNeedUpgrade);
      expect(within(alert).getByRole("link")).toHaveAttribute("href", "/pricing");
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
      expect(callsTo(fetchMock, EDIT_PATH)).toHaveLength(0);
    },
  );

  it.each(["pro", "elite"] as const)("opens for a %s user, with no plan message", async (plan) => {
    const { dialog } = await renderEditor({ subscriptionPlanId: plan });
    expect(dialog).toBeVisible();
    expect(screen.queryByText(M.editsNeedUpgrade)).not.toBeInTheDocument();
  });

  it("needs 2 tokens", async () => {
    const fetchMock = mockEdits();
    const { user } = await renderEditor({ numOfTokens: 1, subscriptionTokens: 0 });
    await user.type(screen.getByLabelText("Describe your edit"), "Warmer light");
    await user.click(screen.getByRole("button", { name: "Edit Image" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(M.notEnoughTokensToEdit);
    expect(callsTo(fetchMock, EDIT_PATH)).toHaveLength(0);
  });

  it("shows the edit, adds it to the history and refreshes the token count", async () => {
    let release: () => void = () => {};
    const fetchMock = mockApi({
      [`POST ${EDIT_PATH}`]: () =>
        new Promise<Response>((resolve) => {
          release = () =>
            resolve(jsonResponse(200, { image: { url: "/files/edit-1.png", fidelity: null } }));
        }),
    });
    const setup = await renderEditor();
    const { user, session, dialog } = setup;
    const field = screen.getByLabelText("Describe your edit");
    await user.type(field, "  Warmer light ");
    await user.click(screen.getByRole("button", { name: "Edit Image" }));

    await waitFor(() =>
      expect(within(dialog).getByRole("status")).toHaveTextContent("Editing your image…"),
    );
    expect(field).toHaveAttribute("readonly");
    expect(screen.getByRole("button", { name: "Done Editing - Save and Close" })).toBeDisabled();
    expect(callsTo(fetchMock, EDIT_PATH)[0]?.body).toEqual({
      imageUrl: ORIGINAL_URL,
      prompt: "Warmer light",
      imageRecordId: "rec-1",
      userUid: "user-1",
    });

    release();
    await waitFor(() => expect(shownImage()).toHaveAttribute("src", "/files/edit-1.png"));
    expect(historySteps()).toHaveLength(2);
    expect(session.markTokensUpdated).toHaveBeenCalled();
    expect(field).toHaveValue("  Warmer light ");
    expect(field).not.toHaveAttribute("readonly");
  });

  it("edits the image shown, so edits build on each other", async () => {
    const fetchMock = mockEdits();
    const setup = await renderEditor();
    await editWith(setup, "Warmer light");
    await editWith(setup, "Add leaves");
    expect(callsTo(fetchMock, EDIT_PATH)[1]?.body).toMatchObject({ imageUrl: "/files/edit-1.png" });
    expect(shownImage()).toHaveAttribute("src", "/files/edit-2.png");
  });

  it("shows the server's error, or a default", async () => {
    let answer = jsonResponse(502, { error: "The model is busy" });
    mockApi({ [`POST ${EDIT_PATH}`]: () => answer });
    const { user } = await renderEditor();
    await user.type(screen.getByLabelText("Describe your edit"), "Warmer light");
    await user.click(screen.getByRole("button", { name: "Edit Image" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The model is busy");

    answer = new Response("oops", { status: 500 });
    await user.click(screen.getByRole("button", { name: "Edit Image" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(M.editFailed));
    expect(shownImage()).toHaveAttribute("src", ORIGINAL_URL);
  });

  it("shows why the engine refused an edit, and keeps the image and the prompt", async () => {
    mockApi({
      [`POST ${EDIT_PATH}`]: () => jsonResponse(422, { error: M.editNotUnderstood }),
    });
    const { user } = await renderEditor();
    await user.type(screen.getByLabelText("Describe your edit"), "Add a dog wearing a hat");
    await user.click(screen.getByRole("button", { name: "Edit Image" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(M.editNotUnderstood);
    expect(shownImage()).toHaveAttribute("src", ORIGINAL_URL);
    expect(screen.getByLabelText("Describe your edit")).toHaveValue("Add a dog wearing a hat");
    expect(historySteps()).toHaveLength(1);
  });

  it("submits with Ctrl+Enter from the prompt", async () => {
    const fetchMock = mockEdits();
    const { user } = await renderEditor();
    await user.type(screen.getByLabelText("Describe your edit"), "Warmer light");
    await user.keyboard("{Control>}{Enter}{/Control}");
    await waitFor(() => expect(shownImage()).toHaveAttribute("src", "/files/edit-1.png"));
    expect(callsTo(fetchMock, EDIT_PATH)).toHaveLength(1);
  });

  it("fills the prompt from a tip", async () => {
    const { user } = await renderEditor();
    await user.click(screen.getByRole("button", { name: EDIT_TIPS[1] }));
    expect(screen.getByLabelText("Describe your edit")).toHaveValue(EDIT_TIPS[1]);
  });
});
