import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi } from "../../../test/mock-api.ts";
import { jsonResponse } from "../../../test/render-route.tsx";
import {
  historySteps,
  ORIGINAL_URL,
  renderEditor,
  shownImage,
} from "./render-ai-editor.test-helper.tsx";

type Setup = Awaited<ReturnType<typeof renderEditor>>;

/** Opens the editor and makes two edits: edit-1.png, then edit-2.png. */
async function withTwoEdits() {
  let count = 0;
  mockApi({
    "POST /api/fal/edit-gemini": () =>
      jsonResponse(200, { image: { url: `/files/edit-${++count}.png`, fidelity: null } }),
  });
  const setup = await renderEditor();
  await edit(setup, "Warmer light");
  await edit(setup, "Add leaves");
  return setup;
}

async function edit({ user }: Setup, prompt: string) {
  const field = screen.getByLabelText("Describe your edit");
  await user.clear(field);
  await user.type(field, prompt);
  await user.click(screen.getByRole("button", { name: "Edit Image" }));
  await waitFor(() => expect(screen.getByRole("button", { name: "Edit Image" })).toBeEnabled());
  await waitFor(() => expect(screen.queryByText("Editing your image…")).not.toBeInTheDocument());
}

const expectShown = (url: string) => expect(shownImage()).toHaveAttribute("src", url);

describe("AI editor history", () => {
  it("undoes and redoes with the buttons", async () => {
    const { user } = await withTwoEdits();
    await user.click(screen.getByRole("button", { name: "Undo" }));
    expectShown("/files/edit-1.png");
    await user.click(screen.getByRole("button", { name: "Undo" }));
    expectShown(ORIGINAL_URL);
    expect(screen.getByRole("button", { name: "Undo" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Redo" }));
    expectShown("/files/edit-1.png");
    expect(historySteps()).toHaveLength(3);
  });

  it("undoes and redoes with the keyboard, but not while typing in the prompt", async () => {
    const { user } = await withTwoEdits();
    screen.getByRole("button", { name: "Edit Image" }).focus();
    await user.keyboard("{Control>}z{/Control}");
    expectShown("/files/edit-1.png");
    await user.keyboard("{Meta>}z{/Meta}");
    expectShown(ORIGINAL_URL);
    await user.keyboard("{Control>}{Shift>}z{/Shift}{/Control}");
    expectShown("/files/edit-1.png");
    await user.keyboard("{Control>}y{/Control}");
    expectShown("/files/edit-2.png");

    await user.click(screen.getByLabelText("Describe your edit"));
    await user.keyboard("{Control>}z{/Control}");
    expectShown("/files/edit-2.png");
  });

  it("drops the later steps when editing after an undo", async () => {
    const setup = await withTwoEdits();
    await setup.user.click(screen.getByRole("button", { name: "Undo" }));
    await edit(setup, "Blur the background");
    expectShown("/files/edit-3.png");
    expect(historySteps().map((step) => step.getAttribute("aria-label"))).toEqual([
      "Original",
      "Step 1: edit",
      "Step 2: edit",
    ]);
    expect(screen.getByRole("button", { name: "Redo" })).toBeDisabled();
  });

  it("jumps to a step from the history strip", async () => {
    const { user } = await withTwoEdits();
    await user.click(screen.getByRole("button", { name: "Original" }));
    expectShown(ORIGINAL_URL);
    expect(screen.getByRole("button", { name: "Original" })).toHaveAttribute(
      "aria-current",
      "step",
    );
    expect(historySteps()).toHaveLength(3);
  });

  it("resets to the original as a step that can be undone", async () => {
    const { user } = await withTwoEdits();
    expect(historySteps()[0]).toHaveTextContent(/^Original$/);
    await user.click(screen.getByRole("button", { name: "Reset to Original" }));
    expectShown(ORIGINAL_URL);
    // the step the reset made shows the original, and says so
    expect(historySteps()[3]).toHaveTextContent(/^Original$/);
    expect(historySteps()[1]).toHaveTextContent(/^1$/);
    expect(screen.getByRole("button", { name: "Reset to Original" })).toBeDisabled();
    expect(historySteps()).toHaveLength(4);
    await user.click(screen.getByRole("button", { name: "Undo" }));
    expectShown("/files/edit-2.png");
  });

  it("saves the image shown and closes on Done Editing", async () => {
    const { user, onSave, onClose } = await withTwoEdits();
    await user.click(screen.getByRole("button", { name: "Undo" }));
    await user.click(screen.getByRole("button", { name: "Done Editing - Save and Close" }));
    expect(onSave).toHaveBeenCalledExactlyOnceWith("/files/edit-1.png");
    expect(onClose).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});
