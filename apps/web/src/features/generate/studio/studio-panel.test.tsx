import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { pngFile, stubImageSize } from "../../../test/fake-browser.ts";
import { renderRoute } from "../../../test/render-route.tsx";
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES } from "../photo/image-checks.ts";

function fileOf(name: string, type: string, size = 1024) {
  const file = type.startsWith("image/") ? pngFile(name, type) : new File(["x"], name, { type });
  Object.defineProperty(file, "size", { value: size });
  return file;
}

function setup() {
  const view = renderRoute("/");
  // let the tests drop files that the picker's accept="image/*" would hide
  const user = userEvent.setup({ applyAccept: false });
  return { ...view, user, input: screen.getByLabelText("Your photo") as HTMLInputElement };
}

describe("studio panel", () => {
  it("offers the picker, the prompt and the two processing methods", () => {
    setup();
    expect(screen.getByLabelText("Your photo")).toHaveAttribute("accept", "image/*");
    expect(screen.getByText(/Supported formats: JPG, PNG, WebP, GIF, AVIF/)).toBeInTheDocument();
    expect(screen.getByLabelText("Describe the new background")).toHaveValue("");
    expect(screen.getByRole("radio", { name: "Realtime" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Realtime" })).toHaveAccessibleDescription(
      "Faster but less accurate",
    );
    expect(screen.getByRole("radio", { name: "Queue" })).toHaveAccessibleDescription(
      "Higher quality but slower",
    );
    expect(screen.getByText("Your result will appear here")).toBeInTheDocument();
  });

  it("rejects a file that is not an image", async () => {
    const { user, input } = setup();
    await user.upload(input, fileOf("notes.txt", "text/plain"));
    expect(await screen.findByText(IMAGE_MESSAGES.notImage)).toBeInTheDocument();
    expect(screen.queryByRole("img", { name: /Preview of/ })).not.toBeInTheDocument();
  });

  it("rejects an image of 10MB or more, and offers to resize it", async () => {
    stubImageSize(1024, 768);
    const { user, input } = setup();
    await user.upload(input, fileOf("huge.png", "image/png", MAX_IMAGE_BYTES));
    expect(await screen.findByText(IMAGE_MESSAGES.tooHeavy)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Resize to fit" })).toBeInTheDocument();
  });

  it("takes a photo dropped on the picker", async () => {
    stubImageSize(1024, 768);
    const { input } = setup();
    const zone = input.parentElement as HTMLElement;
    const file = fileOf("dropped.webp", "image/webp");
    fireEvent.dragOver(zone, { dataTransfer: { files: [file] } });
    fireEvent.drop(zone, { dataTransfer: { files: [file] } });
    expect(await screen.findByRole("img", { name: "Preview of dropped.webp" })).toBeInTheDocument();
    expect(screen.getByText(/1024 × 768 px/)).toBeInTheDocument();
    expect(screen.getByText(/This photo costs/)).toHaveTextContent("This photo costs 8 tokens");
  });

  it("fills the prompt from an example", async () => {
    const { user } = setup();
    await user.click(screen.getByRole("button", { name: "On a marble counter, morning light" }));
    expect(screen.getByLabelText("Describe the new background")).toHaveValue(
      "On a marble counter, morning light",
    );
  });

  it("asks an anonymous visitor to log in when they press Generate", async () => {
    const { user } = setup();
    await user.click(screen.getByRole("button", { name: "Generate" }));

    const dialog = await screen.findByRole("dialog", { name: "Login Required" });
    expect(within(dialog).getByRole("link", { name: "Go to Login" })).toHaveAttribute(
      "href",
      "/login",
    );

    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("offers a first-time visitor Create account in the modal too", async () => {
    const { user, router } = setup();
    await user.click(screen.getByRole("button", { name: "Generate" }));
    const dialog = await screen.findByRole("dialog", { name: "Login Required" });
    expect(
      within(dialog)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Create account", "Go to Login"]);

    await user.click(within(dialog).getByRole("link", { name: "Create account" }));

    expect(router.state.location.pathname).toBe("/signup");
  });

  it("takes the visitor to the login page from the modal", async () => {
    const { user, router } = setup();
    await user.click(screen.getByRole("button", { name: "Generate" }));
    const dialog = await screen.findByRole("dialog", { name: "Login Required" });

    await user.click(within(dialog).getByRole("link", { name: "Go to Login" }));

    expect(router.state.location.pathname).toBe("/login");
  });
});
