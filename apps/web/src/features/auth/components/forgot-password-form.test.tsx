import { MESSAGES } from "@backdrop/shared";
import { act, screen, waitFor } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { callsTo, mockApi } from "../../../test/mock-api.ts";
import { jsonResponse, renderRoute } from "../../../test/render-route.tsx";
import { RESET_SENT_MESSAGE } from "./forgot-password-form.tsx";

const LOOKUP = "GET /api/auth/get-user-by-email";
const REQUEST = "POST /api/identity/request-password-reset";
const button = () => screen.getByRole("button", { name: /reset link|Resend in/ });

async function ask(user: UserEvent, email = "ada@example.com") {
  const field = screen.getByLabelText("Email");
  await user.clear(field);
  if (email) await user.type(field, email);
  await user.click(button());
}

afterEach(() => {
  vi.useRealTimers();
});

describe("forgot password form", () => {
  it("asks for the email and checks its pattern before asking the server", async () => {
    const fetchMock = mockApi({});
    const { user } = renderRoute("/forgot-password");
    await ask(user, "");
    expect(screen.getByRole("alert")).toHaveTextContent(MESSAGES.emailRequired);
    await ask(user, "ada@example");
    expect(screen.getByRole("alert")).toHaveTextContent(MESSAGES.invalidEmail);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says when no account uses the address", async () => {
    const fetchMock = mockApi({ [LOOKUP]: jsonResponse(404, { error: "User not found" }) });
    const { user } = renderRoute("/forgot-password");
    await ask(user);
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent(MESSAGES.noUserWithEmail),
    );
    expect(callsTo(fetchMock, "/api/auth/get-user-by-email")[0]?.url).toBe(
      "/api/auth/get-user-by-email?email=ada%40example.com",
    );
    expect(callsTo(fetchMock, "/api/identity/request-password-reset")).toEqual([]);
  });

  it("says when the account signs in with Google", async () => {
    mockApi({ [LOOKUP]: jsonResponse(200, { provider: "google" }) });
    const { user } = renderRoute("/forgot-password");
    await ask(user);
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent(MESSAGES.notEmailLogin),
    );
  });

  it("gives the reason when the link cannot be sent", async () => {
    mockApi({
      [LOOKUP]: jsonResponse(200, { provider: "email" }),
      [REQUEST]: jsonResponse(429, { message: "Too many requests. Please try again later." }),
    });
    const { user } = renderRoute("/forgot-password");
    await ask(user);
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent(
        "Failed to send reset email: Too many requests. Please try again later.",
      ),
    );
    // A failed send does not count against the three.
    expect(button()).toHaveTextContent("Send reset link");
  });

  it("sends the link, waits 60 s between sends and stops after three", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockApi({
      [LOOKUP]: jsonResponse(200, { provider: "email" }),
      [REQUEST]: jsonResponse(200, { status: true }),
    });
    const { user } = renderRoute("/forgot-password", { advanceTimers: vi.advanceTimersByTime });

    await ask(user);
    expect(await screen.findByText(RESET_SENT_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("We sent a reset link to ada@example.com");
    expect(callsTo(fetchMock, "/api/identity/request-password-reset")).toEqual([
      expect.objectContaining({
        body: { email: "ada@example.com", redirectTo: "/reset-password" },
      }),
    ]);
    expect(button()).toHaveTextContent("Resend in 60s");
    expect(button()).toBeDisabled();

    act(() => vi.advanceTimersByTime(30_000));
    expect(button()).toHaveTextContent("Resend in 30s");
    act(() => vi.advanceTimersByTime(30_000));
    await waitFor(() => expect(button()).toHaveTextContent("Resend reset link"));
    expect(button()).toBeEnabled();

    await user.click(button());
    await waitFor(() => expect(button()).toHaveTextContent(/Resend in \d+s/));
    act(() => vi.advanceTimersByTime(60_000));
    await waitFor(() => expect(button()).toBeEnabled());
    await user.click(button());

    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent(MESSAGES.maxResetAttempts),
    );
    expect(button()).toBeDisabled();
    expect(screen.getByLabelText("Email")).toBeDisabled();
    act(() => vi.advanceTimersByTime(120_000));
    expect(button()).toBeDisabled();
    expect(callsTo(fetchMock, "/api/identity/request-password-reset")).toHaveLength(3);
  });
});
