import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { pngFile, stubImageSize } from "../../../test/fake-browser.ts";
import { renderRoute } from "../../../test/render-route.tsx";

function paste(target: EventTarget, file: File | null, text = "") {
  const event = new Event("paste", { bubbles: true, cancelable: true });
  const items = file ? [{ kind: "file", type: file.type, getAsFile: () => file }] : [];
  Object.defineProperty(event, "clipboardData", {
    value: { items, files: file ? [file] : [], getData: () => text },
  });
  target.dispatchEvent(event);
  return event;
}

const photo = () => pngFile("clipboard.png");

describe("pasting a photo", () => {
  beforeEach(() => stubImageSize(800, 600));

  it("picks an image pasted anywhere on the page", async () => {
    renderRoute("/");
    const event = paste(document.body, photo());
    expect(
      await screen.findByRole("img", { name: "Preview of clipboard.png" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/800 × 600 px/)).toBeInTheDocument();
    expect(event.defaultPrevented).toBe(true);
  });

  it("leaves pasting into a field alone", () => {
    renderRoute("/");
    const event = paste(screen.getByLabelText("Describe the new background"), photo());
    expect(event.defaultPrevented).toBe(false);
    expect(screen.queryByRole("img", { name: /Preview of/ })).not.toBeInTheDocument();
  });

  it("runs the picker's checks on what was pasted", async () => {
    renderRoute("/");
    paste(document.body, new File(["x"], "notes.txt", { type: "text/plain" }));
    expect(
      await screen.findByText("Please select an image file (JPEG, PNG, etc.)"),
    ).toBeInTheDocument();
  });

  it("ignores a paste without a file", () => {
    renderRoute("/");
    const event = paste(document.body, null, "just words");
    expect(event.defaultPrevented).toBe(false);
  });
});
