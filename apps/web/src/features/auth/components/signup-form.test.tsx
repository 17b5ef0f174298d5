import { MESSAGES, PASSWORD_RULES, SUPPORT_MESSAGES } from "@backdrop/shared";
import { screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { callsTo, mockApi } from "../../../test/mock-api.ts";
import { jsonResponse, renderRoute, testUser } from "../../../test/render-route.tsx";
import { LOGIN_REDIRECT_MS, SIGN_UP_SENT_MESSAGE } from "./signup-form.tsx";

const filled = {
  "Full name": "Ada Lovelace",
  Email: "ada@example.com",
  Password: "Str0ng!pass",
  "Confirm password": "Str0ng!pass",
};

async function fill(user: UserEvent, values: Partial<typeof filled>) {
  for (const [label, value] of Object.entries(values)) {
    await user.type(screen.getByLabelText(label, { selector: "input" }), value);
  }
}

const submit = (user: UserEvent) =>
  user.click(screen.getByRole("button", { name: "Create account" }));
const alert = () => screen.getByRole("alert");
const SIGN_UP = "POST /api/identity/sign-up/email";

afterEach(() => {
  vi.useRealTimers();
});

describe("sign-up form", () => {
  it("offers the four fields, the checklist and the links to terms, privacy and login", () => {
    renderRoute("/signup");
    for (const label of Object.keys(filled)) {
      expect(screen.getByLabelText(label, { selector: "input" })).toHaveValue("");
    }
    expect(screen.getByLabelText("Password", { selector: "input" })).toHaveAttribute(
      "type",
      "password",
    );
    expect(screen.getByRole("link", { name: "Terms of Service" })).toHaveAttribute(
      "href",
      "/terms",
    );
    expect(screen.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
      "href",
      "/privacy",
    );
    expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
    expect(screen.queryByRole("button", { name: "Continue with Google" })).not.toBeInTheDocument();
  });

  it("checks the fields in the spec's order and sends nothing until they pass", async () => {
    const fetchMock = mockApi({});
    const { user } = renderRoute("/signup");

    await submit(user);
    expect(alert()).toHaveTextContent(MESSAGES.allFieldsRequired);
    expect(screen.getByLabelText("Full name")).toHaveFocus();
    expect(screen.getByLabelText("Full name")).toHaveAttribute("aria-invalid", "true");

    await fill(user, { ...filled, Email: "ada@example", "Confirm password": "Other!pass1" });
    await submit(user);
    expect(alert()).toHaveTextContent(MESSAGES.invalidEmail);
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription(MESSAGES.invalidEmail);

    await user.type(screen.getByLabelText("Email"), ".org");
    await submit(user);
    expect(alert()).toHaveTextContent(MESSAGES.passwordsDoNotMatch);
    expect(screen.getByLabelText("Confirm password", { selector: "input" })).toHaveAttribute(
      "aria-invalid",
      "true",
    );

    const password = screen.getByLabelText("Password", { selector: "input" });
    const confirm = screen.getByLabelText("Confirm password", { selector: "input" });
    await user.clear(password);
    await user.type(password, "weakpass");
    await user.clear(confirm);
    await user.type(confirm, "weakpass");
    await submit(user);
    expect(alert()).toHaveTextContent(MESSAGES.weakPassword);
    expect(password).toHaveAttribute("aria-invalid", "true");

    expect(callsTo(fetchMock, "/api/identity/sign-up/email")).toEqual([]);
  });

  it("lists only the password rules still unmet, and says when none is left", async () => {
    const { user } = renderRoute("/signup");
    const rules = within(document.getElementById("signup-password-rules") as HTMLElement);
    const unmet = () =>
      PASSWORD_RULES.filter((rule) => rules.queryByText(rule.label) !== null).map(
        (rule) => rule.id,
      );

    expect(unmet()).toEqual(["length", "digit", "special", "uppercase", "lowercase"]);
    const password = screen.getByLabelText("Password", { selector: "input" });
    await user.type(password, "a");
    expect(unmet()).toEqual(["length", "digit", "special", "uppercase"]);
    expect(rules.getByText("4 requirements left.")).toHaveAttribute("aria-live", "polite");
    await user.type(password, "B1");
    expect(unmet()).toEqual(["length", "special"]);
    await user.type(password, "!xyzw");
    expect(unmet()).toEqual([]);
    expect(rules.queryByRole("list")).not.toBeInTheDocument();
    expect(rules.getByText("Meets every requirement")).toBeVisible();
    expect(rules.getByText("Your password meets every requirement.")).toHaveAttribute(
      "aria-live",
      "polite",
    );
  });

  it("shows and hides the password", async () => {
    const { user } = renderRoute("/signup");
    const toggle = screen.getByRole("button", { name: "Show password" });
    expect(toggle).toHaveAttribute("aria-pressed", "false");
    await user.click(toggle);
    expect(screen.getByLabelText("Password", { selector: "input" })).toHaveAttribute(
      "type",
      "text",
    );
    expect(toggle).toHaveAttribute("aria-pressed", "true");
  });

  it("creates the account, clears the form and goes to /login after 4 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockApi({ [SIGN_UP]: jsonResponse(200, { token: null, user: {} }) });
    const { user, router } = renderRoute("/signup", { advanceTimers: vi.advanceTimersByTime });

    await fill(user, filled);
    await submit(user);

    expect(await screen.findByRole("heading", { name: "Check your inbox" })).toBeInTheDocument();
    expect(screen.getByText(SIGN_UP_SENT_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText("ada@example.com")).toBeInTheDocument();
    expect(screen.queryByLabelText("Full name")).not.toBeInTheDocument();
    expect(callsTo(fetchMock, "/api/identity/sign-up/email")).toEqual([
      expect.objectContaining({
        method: "POST",
        body: {
          name: "Ada Lovelace",
          email: "ada@example.com",
          password: "Str0ng!pass",
          callbackURL: "/login",
        },
      }),
    ]);

    vi.advanceTimersByTime(LOGIN_REDIRECT_MS - 1000);
    expect(router.state.location.pathname).toBe("/signup");
    vi.advanceTimersByTime(1000);
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
  });

  it("says 'Email already in use' for a taken address, without the failure toast", async () => {
    mockApi({
      [SIGN_UP]: jsonResponse(422, {
        code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL",
        message: "User already exists. Use another email.",
      }),
    });
    const { user } = renderRoute("/signup");
    await fill(user, filled);
    await submit(user);

    await waitFor(() => expect(alert()).toHaveTextContent(MESSAGES.emailInUse));
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByText(MESSAGES.accountCreationFailed)).not.toBeInTheDocument();
    expect(screen.getByLabelText("Full name")).toHaveValue("Ada Lovelace");
    const help = within(screen.getByText(/Is it yours\?/));
    expect(help.getByRole("link", { name: "Log in with it" })).toHaveAttribute("href", "/login");
    expect(help.getByRole("link", { name: "reset your password" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
  });

  it.each([
    [
      400,
      { code: "PASSWORD_DOES_NOT_MEET_REQUIREMENTS", message: MESSAGES.weakPassword },
      MESSAGES.weakPassword,
    ],
    [400, { code: "INVALID_EMAIL", message: "Invalid email" }, MESSAGES.invalidEmail],
    [
      429,
      { message: "Too many requests. Please try again later." },
      SUPPORT_MESSAGES.tooManyRequests,
    ],
    [
      500,
      { code: "FAILED_TO_CREATE_USER", message: "Failed to create user" },
      "Failed to create user",
    ],
  ])("answers a %i with its message and the failure toast", async (status, body, message) => {
    mockApi({ [SIGN_UP]: jsonResponse(status, body) });
    const { user } = renderRoute("/signup");
    await fill(user, filled);
    await submit(user);

    await waitFor(() => expect(alert()).toHaveTextContent(message));
    expect(await screen.findByText(MESSAGES.accountCreationFailed)).toBeInTheDocument();
  });

  it("offers Google when the server has it configured", () => {
    renderRoute("/signup", { googleSignIn: true });
    expect(screen.getByRole("button", { name: "Continue with Google" })).toBeEnabled();
  });

  it("sends a logged-in, verified user to Generate", () => {
    const { router } = renderRoute("/signup", { session: testUser() });
    expect(router.state.location.pathname).toBe("/");
  });

  it("keeps an unverified session on the page: it counts as logged out", () => {
    const { identity } = testUser({ emailVerified: false });
    const { router } = renderRoute("/signup", { session: { identity } });
    expect(router.state.location.pathname).toBe("/signup");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Create your account");
  });
});
