import { MESSAGES } from "@backdrop/shared";
import { screen, waitFor } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { callsTo, mockApi } from "../../../test/mock-api.ts";
import { jsonResponse, renderRoute } from "../../../test/render-route.tsx";
import { PASSWORD_CHANGED_MESSAGE } from "./reset-password-form.tsx";

const RESET = "POST /api/identity/reset-password";

async function choose(user: UserEvent, password: string, confirm = password) {
  const fields = [
    screen.getByLabelText("New password", { selector: "input" }),
    screen.getByLabelText("Confirm new password", { selector: "input" }),
  ] as const;
  for (const field of fields) await user.clear(field);
  if (password) await user.type(fields[0], password);
  if (confirm) await user.type(fields[1], confirm);
  await user.click(screen.getByRole("button", { name: "Save new password" }));
}

describe("reset password page", () => {
  it("checks the new password like sign-up does", async () => {
    const fetchMock = mockApi({});
    const { user } = renderRoute("/reset-password?token=abc");
    await choose(user, "");
    expect(screen.getByRole("alert")).toHaveTextContent(MESSAGES.allFieldsRequired);
    await choose(user, "Str0ng!pass", "Str0ng!pas");
    expect(screen.getByRole("alert")).toHaveTextContent(MESSAGES.passwordsDoNotMatch);
    await choose(user, "weakpass");
    expect(screen.getByRole("alert")).toHaveTextContent(MESSAGES.weakPassword);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("saves the new password and goes to /login with a toast", async () => {
    const fetchMock = mockApi({
      [RESET]: jsonResponse(200, { status: true }),
      "GET /api/identity/get-session": jsonResponse(200, null),
    });
    const { user, router } = renderRoute("/reset-password?token=abc");
    await choose(user, "N3w&better-pass");

    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(await screen.findByText(PASSWORD_CHANGED_MESSAGE)).toBeInTheDocument();
    expect(callsTo(fetchMock, "/api/identity/reset-password")).toEqual([
      expect.objectContaining({ body: { token: "abc", newPassword: "N3w&better-pass" } }),
    ]);
  });

  it("shows the server's password message", async () => {
    mockApi({
      [RESET]: jsonResponse(400, {
        code: "PASSWORD_DOES_NOT_MEET_REQUIREMENTS",
        message: MESSAGES.weakPassword,
      }),
    });
    const { user } = renderRoute("/reset-password?token=abc");
    await choose(user, "Str0ng!pass");
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(MESSAGES.weakPassword));
  });

  it("says the link has expired when the server refuses the token", async () => {
    mockApi({ [RESET]: jsonResponse(400, { code: "INVALID_TOKEN", message: "Invalid token" }) });
    const { user } = renderRoute("/reset-password?token=used");
    await choose(user, "Str0ng!pass");
    expect(
      await screen.findByRole("heading", { level: 1, name: "This reset link has expired" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Request a new link" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
  });

  it("says so at once for a link that arrives with ?error=INVALID_TOKEN", () => {
    renderRoute("/reset-password?error=INVALID_TOKEN");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(
      "This reset link has expired",
    );
    expect(screen.getByText(/expired or was already used/)).toBeInTheDocument();
    expect(screen.queryByLabelText("New password")).not.toBeInTheDocument();
  });

  it("explains where to find a link when there is none", () => {
    renderRoute("/reset-password");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Choose a new password");
    expect(screen.getByRole("link", { name: "Request a new link" })).toBeInTheDocument();
  });
});
