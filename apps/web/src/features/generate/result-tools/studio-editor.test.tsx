import { GENERATION_MESSAGES as M } from "@backdrop/shared";
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { imageRecord } from "../../../test/image-record.ts";
import { callsTo } from "../../../test/mock-api.ts";
import { jsonResponse } from "../../../test/render-route.tsx";
import {
  generateToResult,
  generationAnswers,
  PROCESSED_URL,
  recordStream,
  renderStudio,
  resultImage,
  stubStudioBrowser,
  subscriber,
} from "../../../test/studio.ts";
import type { EditorSlotProps } from "./editor-slot.tsx";

const EDITED_URL = "/api/files/edited.png";

// The editor of features/editor plugs in here; this stand-in exercises the slot's contract.
vi.mock("./editor-slot.tsx", () => ({
  EditorSlot: ({ recordId, imageUrl, onSave, onClose }: EditorSlotProps) => (
    <div data-testid="editor-slot" data-record-id={recordId} data-image-url={imageUrl}>
      <button type="button" onClick={() => onSave("/api/files/edited.png")}>
        Save edit
      </button>
      <button type="button" onClick={onClose}>
        Close editor
      </button>
    </div>
  ),
}));

const slot = () => screen.getByTestId("editor-slot");

/** AI edits come with the pro and elite plans (SPEC point 9). */
const pro = () => subscriber({ subscriptionPlanId: "pro" });

describe("the editor slot", () => {
  beforeEach(stubStudioBrowser);

  it.each(["free", "starter"] as const)(
    "on the %s plan, Edit with AI says at once that edits need an upgrade, and opens nothing",
    async (plan) => {
      const session = subscriber({ subscriptionPlanId: plan });
      const { user, fetchMock } = renderStudio(generationAnswers(session), { session });
      await generateToResult(user);
      expect(screen.queryByText(M.editsNeedUpgrade)).not.toBeInTheDocument();
      // Locked before the press: the lock and the plan that opens it.
      const editButton = screen.getByRole("button", { name: "Edit with AI, Pro plan" });
      expect(editButton).toHaveTextContent("Edit with AIPro");

      await user.click(editButton);

      // At once: no waiting, nothing typed, and inside a live alert of the result area.
      const alert = screen.getByText(M.editsNeedUpgrade).closest('[role="alert"]');
      expect(alert).not.toBeNull();
      expect(
        within(screen.getByRole("region", { name: "Result" })).getByText(M.editsNeedUpgrade),
      ).toBeVisible();
      expect(
        within(alert as HTMLElement).getByRole("link", { name: "See plans with AI edits" }),
      ).toHaveAttribute("href", "/pricing");
      expect(editButton).toHaveAccessibleDescription(expect.stringContaining(M.editsNeedUpgrade));
      expect(screen.queryByTestId("editor-slot")).not.toBeInTheDocument();
      expect(callsTo(fetchMock, "/api/fal/edit-gemini")).toHaveLength(0);

      // New Image starts over without the message.
      await user.click(screen.getByRole("button", { name: "New Image" }));
      expect(screen.queryByText(M.editsNeedUpgrade)).not.toBeInTheDocument();
    },
  );

  it("edits the shown image of the record, and a save makes the edit the result", async () => {
    const { user } = renderStudio(generationAnswers(pro()), { session: pro() });
    await generateToResult(user);

    const editButton = screen.getByRole("button", { name: "Edit with AI" });
    expect(editButton).toHaveTextContent(/^Edit with AI$/);
    await user.click(editButton);
    expect(slot()).toHaveAttribute("data-record-id", "rec-1");
    expect(slot()).toHaveAttribute("data-image-url", PROCESSED_URL);

    await user.click(screen.getByRole("button", { name: "Save edit" }));

    expect(screen.queryByTestId("editor-slot")).not.toBeInTheDocument();
    expect(resultImage()).toHaveAttribute("src", EDITED_URL);
    expect(screen.getByText("Edited with AI")).toBeInTheDocument();
  });

  it("closing leaves the result as it was", async () => {
    const { user } = renderStudio(generationAnswers(pro()), { session: pro() });
    await generateToResult(user);
    await user.click(screen.getByRole("button", { name: "Edit with AI" }));

    await user.click(screen.getByRole("button", { name: "Close editor" }));

    expect(screen.queryByTestId("editor-slot")).not.toBeInTheDocument();
    expect(resultImage()).toHaveAttribute("src", PROCESSED_URL);
  });

  it("upscales the saved edit, and Revert Upscale goes back to the edit", async () => {
    const { user, fetchMock } = renderStudio(
      {
        ...generationAnswers(pro()),
        "POST /api/fal/upscale": jsonResponse(200, {
          request_id: "job-2",
          status: "queued",
          message: "Image upscaling started",
        }),
      },
      { session: pro() },
    );
    await generateToResult(user);
    await user.click(screen.getByRole("button", { name: "Edit with AI" }));
    await user.click(screen.getByRole("button", { name: "Save edit" }));

    await user.click(screen.getByRole("button", { name: "Upscale 2x" }));
    expect(callsTo(fetchMock, "/api/fal/upscale")[0]?.body).toMatchObject({
      imageUrl: EDITED_URL,
    });
    (await recordStream(2)).emit(
      "record",
      imageRecord({
        status: "completed",
        upscaledImage: { url: "/api/files/edited-2x.png", fidelity: null },
      }),
    );
    await user.click(await screen.findByRole("button", { name: "Revert Upscale" }));

    expect(resultImage()).toHaveAttribute("src", EDITED_URL);
  });
});
