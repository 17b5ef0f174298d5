import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, renderRoute, testUser } from "../../../test/render-route.tsx";
import { ContactForm } from "./contact-form.tsx";

describe("contact form for a logged-in sender", () => {
  it("hides the email field and sends the message without it", async () => {
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(200, { ok: true, message: "Sent." }));
    vi.stubGlobal("fetch", fetchMock);
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ContactForm hideEmail />
      </QueryClientProvider>,
    );

    expect(screen.queryByLabelText("Email")).not.toBeInTheDocument();
    await user.type(screen.getByLabelText("Name"), "Ada");
    await user.type(screen.getByLabelText("Subject"), "Hi");
    await user.type(screen.getByLabelText("Message"), "Hello");
    await user.click(screen.getByRole("button", { name: "Send message" }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(JSON.parse(String(init.body))).toEqual({ name: "Ada", subject: "Hi", message: "Hello" });
  });

  it("is what the contact page shows a logged-in user, with the address replies go to", () => {
    renderRoute("/contact", { session: testUser({ email: "ada@example.com" }) });
    // their name is filled in
    expect(screen.getByLabelText("Name")).toHaveValue("Ada Lovelace");
    expect(screen.queryByLabelText("Email")).not.toBeInTheDocument();
    expect(screen.getByText("ada@example.com")).toBeInTheDocument();
  });
});
