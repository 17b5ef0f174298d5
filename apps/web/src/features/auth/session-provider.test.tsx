import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { callsTo, mockApi } from "../../test/mock-api.ts";
import {
  createTestQueryClient,
  jsonResponse,
  renderRoute,
  testUser,
} from "../../test/render-route.tsx";
import { useSession } from "./session.ts";
import { SessionProvider } from "./session-provider.tsx";

/** Shows the shared state the way a feature would read it. */
function Probe() {
  const state = useSession();
  return (
    <div>
      <output aria-label="state">
        {JSON.stringify({
          loading: state.loading,
          userLoggedIn: state.userLoggedIn,
          isEmailVerified: state.isEmailVerified,
          isEmailUser: state.isEmailUser,
          isGoogleUser: state.isGoogleUser,
          tokenCount: state.tokenCount,
          isTokenCountUpdated: state.isTokenCountUpdated,
          isUserSaved: state.isUserSaved,
        })}
      </output>
      <button type="button" onClick={state.markTokensUpdated}>
        Spend tokens
      </button>
    </div>
  );
}

function renderProbe() {
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <SessionProvider>
        <Probe />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return {
    user: userEvent.setup(),
    state: () =>
      JSON.parse(screen.getByRole("status", { name: "state" }).textContent ?? "{}") as Record<
        string,
        unknown
      >,
  };
}

const sessionOf = (identity: unknown) =>
  jsonResponse(200, identity ? { session: {}, user: identity } : null);

describe("session state", () => {
  it("renders no page content while the session loads", async () => {
    let answer: (response: Response) => void = () => {};
    mockApi({
      "GET /api/identity/get-session": () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderRoute("/pricing", { session: "loading" });

    expect(screen.getByRole("main")).toHaveAttribute("aria-busy", "true");
    expect(screen.queryByRole("heading", { level: 1 })).not.toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Main" })).not.toBeInTheDocument();
    expect(screen.getByRole("banner")).toBeInTheDocument();

    answer(sessionOf(null));
    expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent(
      "Simple plans, paid in tokens",
    );
    expect(screen.getByRole("main")).not.toHaveAttribute("aria-busy");
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Log In" })).toBeInTheDocument();
  });

  it("treats a user with an unverified email as logged out", async () => {
    const { identity } = testUser({ emailVerified: false });
    const fetchMock = mockApi({ "GET /api/identity/get-session": sessionOf(identity) });
    const { state } = renderProbe();

    await waitFor(() => expect(state().loading).toBe(false));
    expect(state()).toMatchObject({ userLoggedIn: false, isEmailVerified: false, tokenCount: 0 });
    expect(callsTo(fetchMock, "/api/auth/get-user-by-uid")).toEqual([]);
  });

  it("fetches the details on login and shows numOfTokens + subscriptionTokens", async () => {
    const { identity, details } = testUser({ numOfTokens: 7, subscriptionTokens: 100 });
    const fetchMock = mockApi({
      "GET /api/identity/get-session": sessionOf(identity),
      "GET /api/auth/get-user-by-uid": jsonResponse(200, details),
    });
    const { state } = renderProbe();

    await waitFor(() => expect(state().tokenCount).toBe(107));
    expect(state()).toMatchObject({
      userLoggedIn: true,
      isEmailVerified: true,
      isEmailUser: true,
      isGoogleUser: false,
    });
    expect(callsTo(fetchMock, "/api/auth/get-user-by-uid").map((call) => call.url)).toEqual([
      "/api/auth/get-user-by-uid?uid=user-1",
    ]);
  });

  it("fetches the details again when tokens were updated", async () => {
    const { identity, details } = testUser({ numOfTokens: 0, subscriptionTokens: 100 });
    let balance = 100;
    const fetchMock = mockApi({
      "GET /api/identity/get-session": sessionOf(identity),
      "GET /api/auth/get-user-by-uid": () =>
        jsonResponse(200, { ...details, subscriptionTokens: balance }),
    });
    const { user, state } = renderProbe();
    await waitFor(() => expect(state().tokenCount).toBe(100));

    balance = 84;
    await user.click(screen.getByRole("button", { name: "Spend tokens" }));

    await waitFor(() => expect(state().tokenCount).toBe(84));
    expect(state().isTokenCountUpdated).toBe(true);
    expect(callsTo(fetchMock, "/api/auth/get-user-by-uid")).toHaveLength(2);
  });

  it("only logs a failed lookup, as unauthorized for a 401, and keeps what it showed", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const { identity, details } = testUser({ numOfTokens: 5, subscriptionTokens: 0 });
    let status = 200;
    mockApi({
      "GET /api/identity/get-session": sessionOf(identity),
      "GET /api/auth/get-user-by-uid": () =>
        status === 200
          ? jsonResponse(200, details)
          : jsonResponse(status, { error: "Unauthorized" }),
    });
    const { user, state } = renderProbe();
    await waitFor(() => expect(state().tokenCount).toBe(5));

    status = 401;
    await user.click(screen.getByRole("button", { name: "Spend tokens" }));

    await waitFor(() =>
      expect(errors).toHaveBeenCalledWith("Unauthorized access while loading the user's details"),
    );
    expect(state()).toMatchObject({ userLoggedIn: true, tokenCount: 5 });
  });

  it("knows a Google user", async () => {
    const { identity, details } = testUser({ provider: "google" });
    mockApi({
      "GET /api/identity/get-session": sessionOf(identity),
      "GET /api/auth/get-user-by-uid": jsonResponse(200, details),
    });
    const { state } = renderProbe();
    await waitFor(() => expect(state().isGoogleUser).toBe(true));
    expect(state().isEmailUser).toBe(false);
  });
});
