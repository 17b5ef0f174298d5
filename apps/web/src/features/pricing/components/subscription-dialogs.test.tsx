import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { browserLocation } from "../../../lib/browser-location.ts";
import { callsTo, mockApi } from "../../../test/mock-api.ts";
import { jsonResponse, renderRoute, testUser } from "../../../test/render-route.tsx";

const END = "2030-02-01T00:00:00.000Z";
const card = (name: string) => screen.getByRole("article", { name });

function subscriber(status: "active" | "canceling") {
  return testUser({
    subscriptionPlanId: "pro",
    subscriptionStatus: status,
    subscriptionEndDate: END,
    subscriptionRenewalDate: status === "active" ? END : null,
    stripeCustomerId: "cus_1",
    stripeSubscriptionId: "sub_1",
    numOfTokens: 0,
    subscriptionTokens: 160,
  });
}

function quote(overrides: Record<string, unknown>) {
  return {
    planId: "elite",
    paidPlanId: "pro",
    chargeCents: 667,
    tokens: 76,
    renewalDate: END,
    quotedAt: 1_900_000_000_000,
    ...overrides,
  };
}

function state(overrides: Record<string, unknown>) {
  return {
    subscriptionPlanId: "pro",
    subscriptionStatus: "active",
    subscriptionEndDate: END,
    subscriptionRenewalDate: END,
    numOfTokens: 0,
    subscriptionTokens: 160,
    ...overrides,
  };
}

describe("subscription modals", () => {
  it("cancels at the period end after saying what the user keeps", async () => {
    const fetchMock = mockApi({
      "POST /api/payment/cancel-subscription": jsonResponse(
        200,
        state({ subscriptionStatus: "canceling", subscriptionRenewalDate: null }),
      ),
    });
    const { user } = renderRoute("/pricing", { session: subscriber("active") });
    await user.click(within(card("Pro")).getByRole("button", { name: "Cancel subscription" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel your Pro plan?" });
    expect(dialog).toHaveTextContent("until February 1, 2030");
    await user.click(within(dialog).getByRole("button", { name: "Cancel subscription" }));
    expect(
      await within(card("Pro")).findByText("Subscription will end on February 1, 2030"),
    ).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(callsTo(fetchMock, "/api/payment/cancel-subscription")[0]?.body).toEqual({
      uid: "user-1",
    });
  });

  it("keeps the cancel modal open with the server's error", async () => {
    mockApi({
      "POST /api/payment/cancel-subscription": jsonResponse(409, {
        error: "Your subscription is already set to end",
      }),
    });
    const { user } = renderRoute("/pricing", { session: subscriber("active") });
    await user.click(within(card("Pro")).getByRole("button", { name: "Cancel subscription" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Cancel subscription" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Your subscription is already set to end",
    );
  });

  it("reactivates a canceling plan, and says 'Could not renew subscription.' when it fails", async () => {
    let fail = true;
    mockApi({
      "POST /api/payment/reactivate-subscription": () =>
        fail ? jsonResponse(502, {}) : jsonResponse(200, state({})),
    });
    const { user } = renderRoute("/pricing", { session: subscriber("canceling") });
    await user.click(within(card("Pro")).getByRole("button", { name: "Reactivate" }));
    const dialog = await screen.findByRole("dialog", { name: "Keep your Pro plan?" });
    expect(dialog).toHaveTextContent("renews on February 1, 2030 at $14/month");
    await user.click(within(dialog).getByRole("button", { name: "Reactivate" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Could not renew subscription.",
    );
    fail = false;
    await user.click(within(dialog).getByRole("button", { name: "Reactivate" }));
    expect(
      await within(card("Pro")).findByText("Next billing: February 1, 2030"),
    ).toBeInTheDocument();
  });

  it("shows the server's figures for a move up, and changes at exactly them", async () => {
    const reload = vi.spyOn(browserLocation, "reload").mockImplementation(() => {});
    const fetchMock = mockApi({
      "GET /api/payment/plan-change-quote": jsonResponse(200, quote({})),
      "POST /api/payment/update-subscription": jsonResponse(
        200,
        state({ subscriptionPlanId: "elite", subscriptionTokens: 236 }),
      ),
    });
    const { user } = renderRoute("/pricing", { session: subscriber("active") });
    await user.click(within(card("Elite")).getByRole("button", { name: "Change Plan" }));
    const dialog = await screen.findByRole("dialog", { name: "Change to Elite?" });
    expect(dialog).toHaveTextContent("Elite costs $24/month");
    const figures = await within(dialog).findByTestId("plan-change-quote");
    expect(figures).toHaveTextContent("Charged now$6.67");
    expect(figures).toHaveTextContent("Tokens added now+76");
    expect(figures).toHaveTextContent("From February 1, 2030: $24/month with 275 tokens.");
    expect(figures).toHaveTextContent("The difference from Pro");
    expect(new URL(String(fetchMock.mock.calls[0]?.[0]), "http://t").search).toBe(
      "?newPlanId=elite",
    );
    await user.click(within(dialog).getByRole("button", { name: "Change to Elite" }));
    expect(await within(card("Elite")).findByText("Active")).toBeInTheDocument();
    expect(callsTo(fetchMock, "/api/payment/update-subscription")[0]?.body).toEqual({
      uid: "user-1",
      newPlanId: "elite",
      quotedAt: 1_900_000_000_000,
    });
    expect(reload).not.toHaveBeenCalled();
  });

  it("says a move down costs and credits nothing and keeps the period's tokens", async () => {
    mockApi({
      "GET /api/payment/plan-change-quote": jsonResponse(
        200,
        quote({ planId: "starter", chargeCents: 0, tokens: 0 }),
      ),
    });
    const { user } = renderRoute("/pricing", { session: subscriber("active") });
    await user.click(within(card("Starter")).getByRole("button", { name: "Change Plan" }));
    const dialog = await screen.findByRole("dialog", { name: "Change to Starter?" });
    const figures = await within(dialog).findByTestId("plan-change-quote");
    expect(figures).toHaveTextContent("Charged nowNothing");
    expect(figures).toHaveTextContent("Tokens added nowNone");
    expect(figures).toHaveTextContent("From February 1, 2030: $9/month with 100 tokens.");
    expect(figures).toHaveTextContent("you keep its tokens, and nothing is charged or credited");
  });

  it("still lets the user change plan when the figures cannot be fetched, and says so", async () => {
    const fetchMock = mockApi({
      "GET /api/payment/plan-change-quote": jsonResponse(502, {}),
      "POST /api/payment/update-subscription": jsonResponse(
        200,
        state({ subscriptionPlanId: "starter" }),
      ),
    });
    const { user } = renderRoute("/pricing", { session: subscriber("active") });
    await user.click(within(card("Starter")).getByRole("button", { name: "Change Plan" }));
    const dialog = await screen.findByRole("dialog", { name: "Change to Starter?" });
    expect(
      await within(dialog).findByText(/We could not work out what this change costs/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Change to Starter" }));
    await vi.waitFor(() =>
      expect(callsTo(fetchMock, "/api/payment/update-subscription")[0]?.body).toEqual({
        uid: "user-1",
        newPlanId: "starter",
      }),
    );
  });

  it("while canceling, changes the plan in one call that reactivates it first, then reloads", async () => {
    const reload = vi.spyOn(browserLocation, "reload").mockImplementation(() => {});
    const fetchMock = mockApi({
      "GET /api/payment/plan-change-quote": jsonResponse(
        200,
        quote({ planId: "starter", chargeCents: 0, tokens: 0 }),
      ),
      "POST /api/payment/update-subscription": jsonResponse(
        200,
        state({ subscriptionPlanId: "starter" }),
      ),
    });
    const { user } = renderRoute("/pricing", { session: subscriber("canceling") });
    await user.click(within(card("Starter")).getByRole("button", { name: "Change Plan" }));
    const dialog = await screen.findByRole("dialog", { name: "Change to Starter?" });
    expect(await within(dialog).findByTestId("plan-change-quote")).toHaveTextContent(
      "Charged nowNothing",
    );
    await user.click(within(dialog).getByRole("button", { name: "Change to Starter" }));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
    const paths = fetchMock.mock.calls.map(
      ([input]) => new URL(String(input), "http://t").pathname,
    );
    expect(paths.filter((path) => path.startsWith("/api/payment/"))).toEqual([
      "/api/payment/plan-change-quote",
      "/api/payment/update-subscription",
    ]);
    expect(callsTo(fetchMock, "/api/payment/update-subscription")[0]?.body).toMatchObject({
      uid: "user-1",
      newPlanId: "starter",
    });
  });

  it("stops when the reactivation before a change fails, with the server's wording for it", async () => {
    const reload = vi.spyOn(browserLocation, "reload").mockImplementation(() => {});
    const fetchMock = mockApi({
      "GET /api/payment/plan-change-quote": jsonResponse(200, quote({})),
      "POST /api/payment/update-subscription": jsonResponse(502, {
        error: "Could not reactivate subscription",
      }),
    });
    const { user } = renderRoute("/pricing", { session: subscriber("canceling") });
    await user.click(within(card("Elite")).getByRole("button", { name: "Change Plan" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Change to Elite" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Could not reactivate subscription",
    );
    expect(callsTo(fetchMock, "/api/payment/reactivate-subscription")).toHaveLength(0);
    expect(reload).not.toHaveBeenCalled();
  });

  it("shows 'Could not change plan' when the change fails", async () => {
    mockApi({
      "GET /api/payment/plan-change-quote": jsonResponse(200, quote({ planId: "starter" })),
      "POST /api/payment/update-subscription": jsonResponse(502, {}),
    });
    const { user } = renderRoute("/pricing", { session: subscriber("active") });
    await user.click(within(card("Starter")).getByRole("button", { name: "Change Plan" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Change to Starter" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Could not change plan");
  });
});
