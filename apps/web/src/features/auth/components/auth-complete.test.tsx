import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, mockApi } from "../../../test/mock-api.ts";
import { jsonResponse, renderRoute, testUser } from "../../../test/render-route.tsx";
import { GOOGLE_SIGN_IN_MESSAGE_TYPE } from "../google-popup.ts";

function withOpener(opener: unknown) {
  vi.stubGlobal("opener", opener);
}

describe("the page Google's sign-in returns to", () => {
  it("tells the page that opened the popup, then closes", async () => {
    const postMessage = vi.fn();
    withOpener({ location: window.location, postMessage });
    const close = vi.spyOn(window, "close").mockImplementation(() => {});
    renderRoute("/auth/complete");

    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(postMessage).toHaveBeenCalledWith(
      { type: GOOGLE_SIGN_IN_MESSAGE_TYPE, ok: true },
      window.location.origin,
    );
    expect(screen.getByRole("status")).toHaveTextContent("Finishing sign-in…");
  });

  it("reports a failure with ok: false", async () => {
    const postMessage = vi.fn();
    withOpener({ location: window.location, postMessage });
    vi.spyOn(window, "close").mockImplementation(() => {});
    renderRoute("/auth/complete?error=access_denied");
    await waitFor(() =>
      expect(postMessage).toHaveBeenCalledWith(
        { type: GOOGLE_SIGN_IN_MESSAGE_TYPE, ok: false },
        window.location.origin,
      ),
    );
  });

  it("finishes the sign-in itself when no page of ours opened it", async () => {
    const { identity, details } = testUser({ provider: "google" });
    const fetchMock = mockApi({
      "GET /api/identity/get-session": jsonResponse(200, { session: {}, user: identity }),
      "POST /api/auth/save-user": jsonResponse(200, { ...details, firstSignIn: false }),
      "GET /api/auth/get-user-by-uid": jsonResponse(200, details),
    });
    // A page of another site (its location cannot be read) counts as no opener.
    withOpener({
      get location(): Location {
        throw new DOMException("Blocked", "SecurityError");
      },
    });
    const { router } = renderRoute("/auth/complete?next=%2Fgallery");

    await waitFor(() => expect(router.state.location.pathname).toBe("/gallery"));
    expect(callsTo(fetchMock, "/api/auth/save-user")[0]?.body).toMatchObject({
      provider: "google",
    });
  });

  it("sends a failed full-page sign-in to the login page with its error", async () => {
    withOpener(null);
    const { router } = renderRoute("/auth/complete?error=state_mismatch");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.search).toBe("?error=state_mismatch");
  });
});
