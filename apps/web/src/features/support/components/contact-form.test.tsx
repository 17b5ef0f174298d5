import { MESSAGES } from "@backdrop/shared";
import { screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, renderRoute } from "../../../test/render-route.tsx";

const filled = {
  Name: "Ada Lovelace",
  Email: "ada@example.com",
  Subject: "Plans",
  Message: "Do plans renew monthly?",
};

async function fillForm(user: UserEvent, values: Partial<typeof filled> = filled) {
  for (const [label, value] of Object.entries(values)) {
    await user.type(screen.getByLabelText(label), value);
  }
}

const send = () => screen.getByRole("button", { name: "Send message" });

describe("contact form", () => {
  it("shows the shared message for empty fields and sends nothing", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    const { user } = renderRoute("/contact");

    await user.click(send());

    expect(await screen.findByRole("alert")).toHaveTextContent(MESSAGES.allFieldsRequired);
    for (const label of ["Name", "Email", "Subject", "Message"]) {
      expect(screen.getByLabelText(label)).toHaveAttribute("aria-invalid", "true");
    }
    expect(screen.getByLabelText("Name")).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("rejects an invalid email address", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    const { user } = renderRoute("/contact");

    await fillForm(user, { ...filled, Email: "ada@example" });
    await user.click(send());

    expect(screen.getByRole("alert")).toHaveTextContent(MESSAGES.invalidEmail);
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription(MESSAGES.invalidEmail);
    expect(screen.getByLabelText("Name")).not.toHaveAttribute("aria-invalid");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the message, shows the server's confirmation and clears the form", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValue(jsonResponse(200, { ok: true, message: "Thanks, we got it." }));
    vi.stubGlobal("fetch", fetchMock);
    const { user } = renderRoute("/contact");

    await fillForm(user);
    await user.click(send());

    expect(await screen.findByText("Thanks, we got it.")).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/email/contact");
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toEqual({
      name: "Ada Lovelace",
      email: "ada@example.com",
      subject: "Plans",
      message: "Do plans renew monthly?",
    });
    await waitFor(() => expect(screen.getByLabelText("Name")).toHaveValue(""));
    expect(screen.getByLabelText("Message")).toHaveValue("");
  });

  it("shows the default error when the server gives no reason, and keeps the content", async () => {
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(jsonResponse(500, { oops: true })));
    const { user } = renderRoute("/contact");

    await fillForm(user);
    await user.click(send());

    expect(await screen.findByText(MESSAGES.contactFailed)).toBeInTheDocument();
    expect(screen.getByLabelText("Name")).toHaveValue("Ada Lovelace");
    expect(screen.getByLabelText("Message")).toHaveValue("Do plans renew monthly?");
  });

  it("shows the server's error when it sends one", async () => {
    const error = "Too many requests. Please wait a few minutes and try again.";
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(jsonResponse(429, { error })));
    const { user } = renderRoute("/contact");

    await fillForm(user);
    await user.click(send());

    expect(await screen.findByText(error)).toBeInTheDocument();
    expect(screen.getByLabelText("Subject")).toHaveValue("Plans");
  });

  it("treats a network failure like a server failure", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    const { user } = renderRoute("/contact");

    await fillForm(user);
    await user.click(send());

    expect(await screen.findByText(MESSAGES.contactFailed)).toBeInTheDocument();
  });

  it("disables the button while the message is on its way", async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const { user } = renderRoute("/contact");

    await fillForm(user);
    await user.click(send());

    await waitFor(() => expect(send()).toBeDisabled());
    answer(jsonResponse(200, { ok: true, message: "Sent." }));
    await waitFor(() => expect(send()).toBeEnabled());
  });

  it("counts the message's characters", async () => {
    const { user } = renderRoute("/contact");
    const form = screen.getByRole("form", { name: "Contact form" });

    await user.type(within(form).getByLabelText("Message"), "Hello");

    expect(within(form).getByText(/^5 \/ 5,000/)).toBeInTheDocument();
  });
});
