import { MESSAGES } from "@backdrop/shared";
import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { callsTo, mockApi } from "../../../test/mock-api.ts";
import { jsonResponse, renderRoute, testUser } from "../../../test/render-route.tsx";
import { browserWindow } from "../browser-window.ts";
import { GOOGLE_SIGN_IN_MESSAGE_TYPE } from "../google-popup.ts";

const IDP_URL = "http://idp.test/authorize?client_id=backdrop";

type FakePopup = { location: { href: string }; closed: boolean; close: () => void };

function fakePopup(): FakePopup {
  const popup: FakePopup = {
    location: { href: "about:blank" },
    closed: false,
    close: vi.fn(() => {
      popup.closed = true;
    }),
  };
  vi.spyOn(browserWindow, "openPopup").mockReturnValue(popup as unknown as Window);
  return popup;
}

/** What /auth/complete posts from inside the popup. */
function postFromPopup(popup: FakePopup, ok: boolean, origin = window.location.origin) {
  const event = new MessageEvent("message", {
    data: { type: GOOGLE_SIGN_IN_MESSAGE_TYPE, ok },
    origin,
  });
  Object.defineProperty(event, "source", { value: popup });
  act(() => {
    window.dispatchEvent(event);
  });
}

function googleApi() {
  const { identity, details } = testUser({
    provider: "google",
    numOfTokens: 0,
    subscriptionTokens: 0,
  });
  let signedIn = false;
  const fetchMock = mockApi({
    "POST /api/identity/sign-in/social": jsonResponse(200, { url: IDP_URL, redirect: true }),
    "GET /api/identity/get-session": () =>
      jsonResponse(200, signedIn ? { session: {}, user: identity } : null),
    "POST /api/auth/save-user": jsonResponse(200, { ...details, firstSignIn: false }),
    "GET /api/auth/get-user-by-uid": jsonResponse(200, details),
  });
  return { fetchMock, signIn: () => (signedIn = true) };
}

const google = () => screen.getByRole("button", { name: "Continue with Google" });

afterEach(() => {
  vi.useRealTimers();
});

describe("Google sign-in", () => {
  it("opens Google in a popup and logs in when the popup reports success", async () => {
    const popup = fakePopup();
    const { fetchMock, signIn } = googleApi();
    const { user, router } = renderRoute("/login", { googleSignIn: true });

    await user.click(google());

    await waitFor(() => expect(popup.location.href).toBe(IDP_URL));
    expect(browserWindow.openPopup).toHaveBeenCalledWith("backdrop-google-sign-in", 500, 640);
    expect(callsTo(fetchMock, "/api/identity/sign-in/social")).toEqual([
      expect.objectContaining({
        body: {
          provider: "google",
          callbackURL: "/auth/complete",
          errorCallbackURL: "/auth/complete",
        },
      }),
    ]);
    expect(google()).toBeDisabled();

    signIn();
    postFromPopup(popup, true);

    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(callsTo(fetchMock, "/api/auth/save-user")).toEqual([
      expect.objectContaining({
        body: { uid: "user-1", email: "ada@example.com", name: "Ada Lovelace", provider: "google" },
      }),
    ]);
    expect(
      await screen.findByText("0 tokens", { selector: "nav[aria-label=Main] *" }),
    ).toBeInTheDocument();
  });

  it("ignores messages from other windows and origins", async () => {
    const popup = fakePopup();
    const { fetchMock } = googleApi();
    const { user } = renderRoute("/login", { googleSignIn: true });
    await user.click(google());
    await waitFor(() => expect(popup.location.href).toBe(IDP_URL));

    postFromPopup(popup, true, "http://evil.example");
    postFromPopup({ ...popup }, true);

    expect(callsTo(fetchMock, "/api/identity/get-session")).toEqual([]);
    expect(google()).toBeDisabled();
  });

  it("says 'Somthing went wrong!' when Google's sign-in failed", async () => {
    const popup = fakePopup();
    googleApi();
    const { user } = renderRoute("/signup", { googleSignIn: true });
    await user.click(google());
    await waitFor(() => expect(popup.location.href).toBe(IDP_URL));

    postFromPopup(popup, false);

    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent(MESSAGES.googleSignInFailed),
    );
    expect(google()).toBeEnabled();
  });

  it("says so when the sign-in cannot start, and closes the popup", async () => {
    const popup = fakePopup();
    mockApi({ "POST /api/identity/sign-in/social": jsonResponse(500, { message: "Boom" }) });
    const { user } = renderRoute("/login", { googleSignIn: true });
    await user.click(google());
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent(MESSAGES.googleSignInFailed),
    );
    expect(popup.close).toHaveBeenCalled();
  });

  it("lets the user close the popup without an error", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const popup = fakePopup();
    const { fetchMock } = googleApi();
    const { user } = renderRoute("/login", {
      googleSignIn: true,
      advanceTimers: vi.advanceTimersByTime,
    });
    await user.click(google());
    await waitFor(() => expect(popup.location.href).toBe(IDP_URL));

    popup.closed = true;
    act(() => vi.advanceTimersByTime(600));

    await waitFor(() => expect(google()).toBeEnabled());
    expect(callsTo(fetchMock, "/api/identity/get-session")).toHaveLength(1);
    expect(screen.getByRole("alert")).toBeEmptyDOMElement();
  });

  it("makes the whole trip in the page when the popup is blocked", async () => {
    vi.spyOn(browserWindow, "openPopup").mockReturnValue(null);
    const goTo = vi.spyOn(browserWindow, "goTo").mockImplementation(() => {});
    const { fetchMock } = googleApi();
    const { user } = renderRoute("/login?next=/gallery", { googleSignIn: true });

    await user.click(google());

    await waitFor(() => expect(goTo).toHaveBeenCalledWith(IDP_URL));
    expect(callsTo(fetchMock, "/api/identity/sign-in/social")[0]?.body).toEqual({
      provider: "google",
      callbackURL: "/auth/complete?next=%2Fgallery",
      errorCallbackURL: "/login",
    });
  });
});
