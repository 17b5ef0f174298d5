import { MESSAGES } from "@backdrop/shared";
import { screen, waitFor } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { callsTo, mockApi } from "../../../test/mock-api.ts";
import { jsonResponse, renderRoute, testUser } from "../../../test/render-route.tsx";
import { EMAIL_VERIFIED_NOTICE, VERIFICATION_LINK_NOTICE } from "./login-notice.tsx";
import { VERIFICATION_SENT_MESSAGE } from "./resend-verification.tsx";

const SIGN_IN = "POST /api/identity/sign-in/email";
const RESEND = "POST /api/identity/send-verification-email";
const NOT_VERIFIED = jsonResponse(403, {
  code: "EMAIL_NOT_VERIFIED",
  message: "Email not verified",
});

async function logIn(user: UserEvent, email = "ada@example.com", password = "Str0ng!pass") {
  if (email) await user.type(screen.getByLabelText("Email"), email);
  if (password) await user.type(screen.getByLabelText("Password", { selector: "input" }), password);
  await user.click(screen.getByRole("button", { name: "Log In" }));
}

const resendButton = () => screen.queryByRole("button", { name: "Resend verification email" });

describe("login form", () => {
  it("links to the forgot-password and sign-up pages", () => {
    renderRoute("/login");
    expect(screen.getByRole("link", { name: "Forgot password?" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
    expect(screen.getByRole("link", { name: "Create an account" })).toHaveAttribute(
      "href",
      "/signup",
    );
  });

  it("needs both fields and a valid email before asking the server", async () => {
    const fetchMock = mockApi({});
    const { user } = renderRoute("/login");

    await logIn(user, "", "");
    expect(screen.getByRole("alert")).toHaveTextContent(MESSAGES.allFieldsRequired);
    expect(screen.getByLabelText("Email")).toHaveFocus();

    await logIn(user, "ada@example", "x");
    expect(screen.getByRole("alert")).toHaveTextContent(MESSAGES.invalidEmail);
    expect(callsTo(fetchMock, "/api/identity/sign-in/email")).toEqual([]);
  });

  it("says 'Invalid email or password' and offers no resend", async () => {
    mockApi({
      [SIGN_IN]: jsonResponse(401, {
        code: "INVALID_EMAIL_OR_PASSWORD",
        message: "Invalid email or password",
      }),
    });
    const { user } = renderRoute("/login");
    await logIn(user);
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent(MESSAGES.invalidCredentials),
    );
    expect(resendButton()).not.toBeInTheDocument();
  });

  it("offers a new verification link only after 'Please verify your email'", async () => {
    const fetchMock = mockApi({
      [SIGN_IN]: NOT_VERIFIED,
      [RESEND]: jsonResponse(200, { status: true }),
    });
    const { user } = renderRoute("/login");
    expect(resendButton()).not.toBeInTheDocument();

    await logIn(user, "una@example.com");
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(MESSAGES.verifyEmail));
    await user.click(resendButton() as HTMLElement);

    expect(await screen.findByText(VERIFICATION_SENT_MESSAGE)).toBeInTheDocument();
    expect(callsTo(fetchMock, "/api/identity/send-verification-email")).toEqual([
      expect.objectContaining({ body: { email: "una@example.com", callbackURL: "/login" } }),
    ]);
    // The session query is never read again: an unverified login opens no session.
    expect(callsTo(fetchMock, "/api/identity/get-session")).toEqual([]);
  });

  it("says so when the new link cannot be sent", async () => {
    mockApi({ [SIGN_IN]: NOT_VERIFIED, [RESEND]: jsonResponse(502, { message: "Mail is down" }) });
    const { user } = renderRoute("/login");
    await logIn(user);
    await waitFor(() => expect(resendButton()).toBeInTheDocument());
    await user.click(resendButton() as HTMLElement);
    expect(await screen.findByText(MESSAGES.resendVerificationFailed)).toBeInTheDocument();
  });

  it("hides the resend button once another error replaces the message", async () => {
    let answer = NOT_VERIFIED;
    mockApi({ [SIGN_IN]: () => answer.clone() });
    const { user } = renderRoute("/login");
    await logIn(user);
    await waitFor(() => expect(resendButton()).toBeInTheDocument());

    answer = jsonResponse(401, { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid" });
    await user.click(screen.getByRole("button", { name: "Log In" }));
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent(MESSAGES.invalidCredentials),
    );
    expect(resendButton()).not.toBeInTheDocument();
  });

  it("saves the user, reads the session and goes to the page named by ?next=", async () => {
    const { identity, details } = testUser({ numOfTokens: 0, subscriptionTokens: 0 });
    let signedIn = false;
    const fetchMock = mockApi({
      [SIGN_IN]: () => {
        signedIn = true;
        return jsonResponse(200, { redirect: false, token: "t", user: identity });
      },
      "POST /api/auth/save-user": jsonResponse(200, { ...details, firstSignIn: false }),
      "GET /api/identity/get-session": () =>
        jsonResponse(200, signedIn ? { session: {}, user: identity } : null),
      "GET /api/auth/get-user-by-uid": jsonResponse(200, details),
    });
    const { user, router } = renderRoute("/login?next=/gallery");

    await logIn(user);

    await waitFor(() => expect(router.state.location.pathname).toBe("/gallery"));
    expect(await screen.findByText("Welcome back, Ada Lovelace!")).toBeInTheDocument();
    expect(screen.queryByText("Welcome, Ada Lovelace!")).not.toBeInTheDocument();
    expect(callsTo(fetchMock, "/api/auth/save-user")).toEqual([
      expect.objectContaining({
        body: { uid: "user-1", email: "ada@example.com", name: "Ada Lovelace", provider: "email" },
      }),
    ]);
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(nav).toHaveTextContent("0 tokens");
  });

  it("says 'Welcome', not 'Welcome back', on the user's first sign-in", async () => {
    const { identity, details } = testUser();
    let signedIn = false;
    mockApi({
      [SIGN_IN]: () => {
        signedIn = true;
        return jsonResponse(200, { redirect: false, token: "t", user: identity });
      },
      "POST /api/auth/save-user": jsonResponse(200, { ...details, firstSignIn: true }),
      "GET /api/identity/get-session": () =>
        jsonResponse(200, signedIn ? { session: {}, user: identity } : null),
      "GET /api/auth/get-user-by-uid": jsonResponse(200, details),
    });
    const { user } = renderRoute("/login?verified=1");
    await logIn(user);
    expect(await screen.findByText("Welcome, Ada Lovelace!")).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
  });

  it("ignores a ?next= that leads off the site", async () => {
    const { router } = renderRoute("/login?next=//evil.example", { session: testUser() });
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it("says the address is verified when the verification link worked", () => {
    renderRoute("/login?verified=1");
    expect(screen.getByRole("status")).toHaveTextContent(EMAIL_VERIFIED_NOTICE);
  });

  it.each(["/login?error=TOKEN_EXPIRED", "/login?verified=1&error=TOKEN_EXPIRED"])(
    "explains a verification link that failed (%s)",
    (path) => {
      renderRoute(path);
      expect(screen.getByRole("status")).toHaveTextContent(VERIFICATION_LINK_NOTICE);
      expect(screen.getByRole("alert")).toBeEmptyDOMElement();
    },
  );

  it("reports a Google sign-in that came back with an error", () => {
    renderRoute("/login?error=access_denied");
    expect(screen.getByRole("alert")).toHaveTextContent(MESSAGES.googleSignInFailed);
  });
});
