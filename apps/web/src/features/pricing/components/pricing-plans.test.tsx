import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { browserLocation } from "../../../lib/browser-location.ts";
import { callsTo, mockApi } from "../../../test/mock-api.ts";
import { jsonResponse, renderRoute, testUser } from "../../../test/render-route.tsx";

const END = "2030-02-01T00:00:00.000Z";
const card = (name: string) => screen.getByRole("article", { name });

function subscriber(status: "active" | "canceling", overrides = {}) {
  return testUser({
    subscriptionPlanId: "pro",
    subscriptionStatus: status,
    subscriptionEndDate: END,
    subscriptionRenewalDate: status === "active" ? END : null,
    stripeCustomerId: "cus_1",
    stripeSubscriptionId: "sub_1",
    ...overrides,
  });
}

describe("plan cards", () => {
  it("shows the catalogue to a visitor, with Pro most popular and Subscribe leading to log in", () => {
    renderRoute("/pricing");
    expect(screen.getAllByRole("article")).toHaveLength(3);
    const pro = card("Pro");
    expect(within(pro).getByText("Most popular")).toBeInTheDocument();
    expect(within(pro).getByText("$14")).toBeInTheDocument();
    expect(within(pro).getByText("160 tokens every month")).toBeInTheDocument();
    expect(within(pro).getByText("Up to 80 AI edits")).toBeInTheDocument();
    expect(within(card("Elite")).getByText("Commercial licence")).toBeInTheDocument();
    expect(within(card("Starter")).queryByText("Most popular")).not.toBeInTheDocument();
    for (const name of ["Starter", "Pro", "Elite"]) {
      expect(within(card(name)).getByRole("link", { name: "Subscribe" })).toHaveAttribute(
        "href",
        "/login?next=/pricing",
      );
    }
    expect(screen.getByRole("table")).toHaveTextContent("2048 × 2048");
  });

  it("gives an active subscriber Manage, the next billing date and Change Plan elsewhere", () => {
    renderRoute("/pricing", { session: subscriber("active") });
    const pro = card("Pro");
    expect(within(pro).getByText("Active")).toBeInTheDocument();
    expect(within(pro).getByText("Next billing: February 1, 2030")).toBeInTheDocument();
    expect(within(pro).getByRole("button", { name: "Manage Subscription" })).toBeInTheDocument();
    expect(within(pro).getByRole("button", { name: "Cancel subscription" })).toBeInTheDocument();
    for (const name of ["Starter", "Elite"]) {
      expect(within(card(name)).getByRole("button", { name: "Change Plan" })).toBeInTheDocument();
      expect(within(card(name)).queryByText("Active")).not.toBeInTheDocument();
    }
  });

  it("labels a canceling plan Inactive with its end date and offers Reactivate", () => {
    renderRoute("/pricing", { session: subscriber("canceling") });
    const pro = card("Pro");
    expect(within(pro).getByText("Inactive")).toBeInTheDocument();
    expect(within(pro).getByText("Subscription will end on February 1, 2030")).toBeInTheDocument();
    expect(within(pro).getByRole("button", { name: "Reactivate" })).toBeInTheDocument();
    expect(within(card("Elite")).getByRole("button", { name: "Change Plan" })).toBeInTheDocument();
  });

  it("offers Manage Subscription only with a subscription id", () => {
    renderRoute("/pricing", { session: subscriber("active", { stripeSubscriptionId: null }) });
    const pro = card("Pro");
    expect(within(pro).getByText("Next billing: February 1, 2030")).toBeInTheDocument();
    expect(within(pro).queryByRole("button", { name: "Manage Subscription" })).toBeNull();
  });

  it("treats a subscription past its end date as none", () => {
    renderRoute("/pricing", {
      session: subscriber("active", { subscriptionEndDate: "2020-01-01T00:00:00.000Z" }),
    });
    expect(within(card("Pro")).getByRole("button", { name: "Subscribe" })).toBeInTheDocument();
  });

  it("keeps Subscribe disabled until the account's details arrive, so no press is lost", async () => {
    const assign = vi.spyOn(browserLocation, "assign").mockImplementation(() => {});
    let sendDetails: (response: Response) => void = () => {};
    const signedIn = testUser({ subscriptionPlanId: "free", subscriptionStatus: null });
    mockApi({
      "GET /api/auth/get-user-by-uid": () =>
        new Promise<Response>((resolve) => {
          sendDetails = resolve;
        }),
      "POST /api/payment/create-subscription": jsonResponse(200, {
        sessionId: "cs_2",
        url: "/sandbox/checkout/cs_2",
      }),
    });
    const { user } = renderRoute("/pricing", { session: { identity: signedIn.identity } });
    const subscribe = () => within(card("Pro")).getByRole("button", { name: "Subscribe" });
    expect(subscribe()).toBeDisabled();
    sendDetails(jsonResponse(200, signedIn.details));
    await vi.waitFor(() => expect(subscribe()).toBeEnabled());
    await user.click(subscribe());
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("/sandbox/checkout/cs_2"));
  });

  it("sends Subscribe to the provider's checkout", async () => {
    const assign = vi.spyOn(browserLocation, "assign").mockImplementation(() => {});
    const fetchMock = mockApi({
      "POST /api/payment/create-subscription": jsonResponse(200, {
        sessionId: "cs_1",
        url: "/sandbox/checkout/cs_1",
      }),
    });
    const { user } = renderRoute("/pricing", {
      session: testUser({ subscriptionPlanId: "free", subscriptionStatus: null }),
    });
    await user.click(within(card("Elite")).getByRole("button", { name: "Subscribe" }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("/sandbox/checkout/cs_1"));
    expect(callsTo(fetchMock, "/api/payment/create-subscription")[0]?.body).toEqual({
      uid: "user-1",
      planId: "elite",
    });
  });

  it("shows the server's refusal, or the spec's default, when checkout cannot start", async () => {
    mockApi({ "POST /api/payment/create-subscription": jsonResponse(502, {}) });
    const { user } = renderRoute("/pricing", {
      session: testUser({ subscriptionPlanId: "free", subscriptionStatus: null }),
    });
    await user.click(within(card("Pro")).getByRole("button", { name: "Subscribe" }));
    expect(await screen.findByText("Could not initiate subscription checkout.")).toBeVisible();
  });

  it("opens the billing portal from Manage Subscription", async () => {
    const assign = vi.spyOn(browserLocation, "assign").mockImplementation(() => {});
    mockApi({
      "POST /api/payment/create-portal-session": jsonResponse(200, { url: "/sandbox/portal/p1" }),
    });
    const { user } = renderRoute("/pricing", { session: subscriber("active") });
    await user.click(within(card("Pro")).getByRole("button", { name: "Manage Subscription" }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("/sandbox/portal/p1"));
  });
});
