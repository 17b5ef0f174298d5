import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { callsTo, mockApi } from "../../test/mock-api.ts";
import { jsonResponse, renderRoute, testUser } from "../../test/render-route.tsx";
import { CONFIRMATION_MESSAGES } from "./hooks/use-payment-confirmation.ts";

function paymentSession(status: string, overrides: Record<string, unknown> = {}) {
  return {
    sessionId: "cs_1",
    status,
    kind: "token_pack",
    planId: null,
    tokenCount: 100,
    amountCents: 900,
    ...overrides,
  };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe("payment result pages", () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("waits while processing, then confirms the purchase and returns to / after 3 s", async () => {
    let answers = 0;
    const fetchMock = mockApi({
      "GET /api/payment/session/cs_1": () => {
        answers += 1;
        return jsonResponse(200, paymentSession(answers < 2 ? "open" : "complete"));
      },
      "GET /api/auth/get-user-by-uid": jsonResponse(200, testUser({ numOfTokens: 100 }).details),
    });
    const { router } = renderRoute("/payment-success?session_id=cs_1", { session: testUser() });
    expect(
      await screen.findByRole("heading", { name: "Confirming your payment" }),
    ).toBeInTheDocument();
    await advance(1000);
    expect(await screen.findByRole("heading", { name: "Payment successful" })).toBeVisible();
    expect(screen.getByText("100 tokens were added to your balance for $9.")).toBeVisible();
    expect(screen.getByText(/in 3 seconds/)).toBeVisible();
    expect(screen.getByRole("link", { name: "Go now" })).toHaveAttribute("href", "/");
    await vi.waitFor(() => expect(callsTo(fetchMock, "/api/auth/get-user-by-uid")).toHaveLength(1));
    await advance(2000);
    expect(router.state.location.pathname).toBe("/payment-success");
    await advance(1100);
    expect(router.state.location.pathname).toBe("/");
  });

  it("names the plan of a subscription", async () => {
    mockApi({
      "GET /api/payment/session/cs_1": jsonResponse(
        200,
        paymentSession("complete", {
          kind: "subscription",
          planId: "pro",
          tokenCount: null,
          amountCents: 1400,
        }),
      ),
    });
    renderRoute("/payment-success?session_id=cs_1", { session: testUser() });
    expect(
      await screen.findByText(
        "Your Pro plan is active: 160 tokens were added to your balance for $14.",
      ),
    ).toBeVisible();
  });

  it.each([
    [jsonResponse(404, { error: "Payment session not found" }), "Payment session not found"],
    [jsonResponse(200, paymentSession("expired")), CONFIRMATION_MESSAGES.expired],
  ])("shows an error and stays put (%#)", async (answer, message) => {
    mockApi({ "GET /api/payment/session/cs_1": answer });
    const { router } = renderRoute("/payment-success?session_id=cs_1", { session: testUser() });
    expect(await screen.findByRole("heading", { name: "Payment not confirmed" })).toBeVisible();
    expect(screen.getByRole("alert")).toHaveTextContent(message);
    await advance(5000);
    expect(router.state.location.pathname).toBe("/payment-success");
  });

  it("gives up after 30 s without a confirmation", async () => {
    mockApi({ "GET /api/payment/session/cs_1": jsonResponse(200, paymentSession("open")) });
    renderRoute("/payment-success?session_id=cs_1", { session: testUser() });
    await advance(29_000);
    expect(screen.getByRole("heading", { name: "Confirming your payment" })).toBeVisible();
    await advance(2000);
    expect(await screen.findByRole("alert")).toHaveTextContent(CONFIRMATION_MESSAGES.timedOut);
  });

  it("has nothing to confirm without a session id", () => {
    renderRoute("/payment-success", { session: testUser() });
    expect(screen.getByRole("alert")).toHaveTextContent(CONFIRMATION_MESSAGES.missingSession);
  });

  it("says a cancelled payment took nothing and returns to / after 3 s", async () => {
    const { router } = renderRoute("/payment-cancelled");
    expect(screen.getByRole("heading", { name: "Payment cancelled" })).toBeVisible();
    expect(screen.getByText(/in 3 seconds/)).toBeVisible();
    await advance(2000);
    expect(router.state.location.pathname).toBe("/payment-cancelled");
    await advance(1100);
    expect(router.state.location.pathname).toBe("/");
  });
});
