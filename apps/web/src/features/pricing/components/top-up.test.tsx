import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { browserLocation } from "../../../lib/browser-location.ts";
import { callsTo, mockApi } from "../../../test/mock-api.ts";
import { jsonResponse, renderRoute, testUser } from "../../../test/render-route.tsx";
import { TOP_UP_TOOLTIP } from "../plan-copy.ts";

const END = "2030-02-01T00:00:00.000Z";
const header = () => screen.getByRole("navigation", { name: "Main" });
const topUpSection = () => screen.getByRole("region", { name: "Top up tokens" });

function member(planId: "starter" | "pro" | "elite", status: string | null = "active") {
  return testUser({
    subscriptionPlanId: planId,
    subscriptionStatus: status,
    subscriptionEndDate: END,
    subscriptionRenewalDate: END,
    stripeSubscriptionId: "sub_1",
  });
}

describe("token top-up", () => {
  it("leads an elite subscriber from the header to the packs and their prices", () => {
    renderRoute("/", { session: member("elite", "canceling") });
    expect(within(header()).getByRole("link", { name: "Top Up" })).toHaveAttribute(
      "href",
      "/pricing#top-up",
    );
  });

  it.each([
    ["starter", "active", "Your current plan doesn't allow token purchases. Please upgrade."],
    ["pro", "active", "Your current plan doesn't allow token purchases. Please upgrade."],
    ["elite", null, "You must subscribe to a plan to purchase tokens"],
  ] as const)(
    "leads %s (%s) to the plans, with the tooltip and the spec's message",
    async (plan, status, message) => {
      const { user, router } = renderRoute("/", { session: member(plan, status) });
      const link = within(header()).getByRole("link", { name: "Top Up" });
      expect(link).toHaveAttribute("href", "/pricing");
      expect(link).toHaveAccessibleDescription(TOP_UP_TOOLTIP);
      expect(TOP_UP_TOOLTIP).toMatch(/^This feature is only available for Elite subscribers/);
      await user.click(link);
      expect(await screen.findByText(message)).toBeVisible();
      expect(router.state.location.pathname).toBe("/pricing");
      // the pricing page's notice says the same as the tooltip
      expect(await screen.findByRole("region", { name: "Top up tokens" })).toHaveTextContent(
        `${message} ${TOP_UP_TOOLTIP}`,
      );
    },
  );

  it("tells a visitor on the pricing page to log in first", async () => {
    const fetchMock = mockApi({});
    const { user } = renderRoute("/pricing#top-up");
    const section = topUpSection();
    expect(section).toHaveTextContent("Please log in to purchase tokens");
    await user.click(within(section).getByRole("button", { name: "Buy 100 tokens for $9" }));
    expect(callsTo(fetchMock, "/api/payment/create-checkout-session")).toHaveLength(0);
    expect(await screen.findAllByText("Please log in to purchase tokens")).toHaveLength(2);
  });

  it("buys a pack at the price shown, through the provider's checkout", async () => {
    const assign = vi.spyOn(browserLocation, "assign").mockImplementation(() => {});
    const fetchMock = mockApi({
      "POST /api/payment/create-checkout-session": jsonResponse(200, {
        sessionId: "cs_9",
        url: "/sandbox/checkout/cs_9",
      }),
    });
    const { user } = renderRoute("/pricing#top-up", { session: member("elite") });
    const section = topUpSection();
    for (const name of [
      "Buy 100 tokens for $9",
      "Buy 250 tokens for $20",
      "Buy 500 tokens for $35",
      "Buy 1,000 tokens for $65",
    ]) {
      expect(within(section).getByRole("button", { name })).toBeEnabled();
    }
    await user.click(within(section).getByRole("button", { name: "Buy 250 tokens for $20" }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("/sandbox/checkout/cs_9"));
    expect(callsTo(fetchMock, "/api/payment/create-checkout-session")[0]?.body).toEqual({
      uid: "user-1",
      tokenCount: 250,
      amount: 20,
    });
  });

  it("shows the server's refusal of a pack, or 'Could not initiate checkout.'", async () => {
    mockApi({ "POST /api/payment/create-checkout-session": jsonResponse(502, {}) });
    const { user } = renderRoute("/pricing", { session: member("elite") });
    await user.click(within(topUpSection()).getByRole("button", { name: "Buy 100 tokens for $9" }));
    expect(await screen.findByText("Could not initiate checkout.")).toBeVisible();
  });
});
