import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi } from "../../../test/mock-api.ts";
import { jsonResponse } from "../../../test/render-route.tsx";
import { EDIT_READY_MESSAGE } from "./ai-editor.tsx";
import { renderEditor, shownImage } from "./render-ai-editor.test-helper.tsx";

async function editOnce(setup: Awaited<ReturnType<typeof renderEditor>>) {
  mockApi({
    "POST /api/fal/edit-gemini": () =>
      jsonResponse(200, { image: { url: "/files/edit-1.png", fidelity: null } }),
  });
  await setup.user.type(screen.getByLabelText("Describe your edit"), "Warmer light");
  await setup.user.click(screen.getByRole("button", { name: "Edit Image" }));
  await waitFor(() => expect(shownImage()).toHaveAttribute("src", "/files/edit-1.png"));
}

const opener = () => screen.getByRole("button", { name: "Edit with AI" });

describe("AI editor window", () => {
  it("closes at once when there is nothing to lose, and gives focus back", async () => {
    const { user, onSave, onClose } = await renderEditor();
    await user.click(screen.getByRole("button", { name: "Close editor without saving" }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(onSave).not.toHaveBeenCalled();
    await waitFor(() => expect(opener()).toHaveFocus());
  });

  it("closes on Escape", async () => {
    const { user, onClose } = await renderEditor();
    await user.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("asks before discarding edits, and discards without saving", async () => {
    const setup = await renderEditor();
    await editOnce(setup);
    const { user, onSave, onClose } = setup;

    await user.click(screen.getByRole("button", { name: "Close editor without saving" }));
    let confirm = await screen.findByRole("dialog", { name: "Discard your edits?" });
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(confirm).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Close editor without saving" })).toHaveFocus(),
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(shownImage()).toHaveAttribute("src", "/files/edit-1.png");

    await user.keyboard("{Escape}");
    confirm = await screen.findByRole("dialog", { name: "Discard your edits?" });
    await user.click(within(confirm).getByRole("button", { name: "Discard Edits" }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(onSave).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(opener()).toHaveFocus());
  });

  it("minimizes to a bar and restores with its state", async () => {
    const setup = await renderEditor();
    await editOnce(setup);
    const { user } = setup;
    await user.type(screen.getByLabelText("Describe your edit"), ", softer");

    await user.click(screen.getByRole("button", { name: "Minimize editor" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const bar = screen.getByRole("region", { name: "AI editor (minimized)" });
    const restore = within(bar).getByRole("button", { name: "Restore" });
    await waitFor(() => expect(restore).toHaveFocus());
    expect(within(bar).getByRole("status")).toHaveTextContent("Step 2 of 2");

    await user.click(restore);
    await screen.findByRole("dialog", { name: "Edit with AI" });
    expect(shownImage()).toHaveAttribute("src", "/files/edit-1.png");
    expect(screen.getByLabelText("Describe your edit")).toHaveValue("Warmer light, softer");
    expect(screen.queryByRole("region", { name: "AI editor (minimized)" })).not.toBeInTheDocument();
  });

  it("closes from the minimized bar, asking first when there are edits", async () => {
    const setup = await renderEditor();
    await editOnce(setup);
    const { user, onClose } = setup;
    await user.click(screen.getByRole("button", { name: "Minimize editor" }));
    const bar = await screen.findByRole("region", { name: "AI editor (minimized)" });
    await user.click(within(bar).getByRole("button", { name: "Close editor without saving" }));
    const confirm = await screen.findByRole("dialog", { name: "Discard your edits?" });
    await user.click(within(confirm).getByRole("button", { name: "Discard Edits" }));
    expect(onClose).toHaveBeenCalledOnce();
    await waitFor(() => expect(opener()).toHaveFocus());
  });

  it("keeps an edit running while minimized and says when it is ready", async () => {
    let release: () => void = () => {};
    mockApi({
      "POST /api/fal/edit-gemini": () =>
        new Promise<Response>((resolve) => {
          release = () =>
            resolve(jsonResponse(200, { image: { url: "/files/edit-1.png", fidelity: null } }));
        }),
    });
    const { user } = await renderEditor();
    await user.type(screen.getByLabelText("Describe your edit"), "Warmer light");
    await user.click(screen.getByRole("button", { name: "Edit Image" }));
    await user.click(screen.getByRole("button", { name: "Minimize editor" }));
    const bar = await screen.findByRole("region", { name: "AI editor (minimized)" });
    expect(within(bar).getByRole("status")).toHaveTextContent("Editing your image…");

    release();
    expect(await screen.findByText(EDIT_READY_MESSAGE)).toBeInTheDocument();
    expect(within(bar).getByRole("status")).toHaveTextContent("Step 2 of 2");
  });
});
