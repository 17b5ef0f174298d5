import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { callsTo, mockApi } from "../../../test/mock-api.ts";
import { jsonResponse, renderRoute, testUser } from "../../../test/render-route.tsx";
import { LOGGED_OUT_MESSAGE } from "../../auth/index.ts";

describe("site header and footer", () => {
  it("links Generate, Pricing and Log In, marking the current page", () => {
    renderRoute("/pricing");
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Generate" })).toHaveAttribute("href", "/");
    expect(within(nav).getByRole("link", { name: "Pricing" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(within(nav).getByRole("link", { name: "Generate" })).not.toHaveAttribute("aria-current");
    expect(within(nav).getByRole("link", { name: "Log In" })).toHaveAttribute("href", "/login");
    expect(within(nav).queryByRole("link", { name: "Gallery" })).not.toBeInTheDocument();
  });

  it("offers a skip link to the main content", () => {
    renderRoute("/");
    expect(screen.getByRole("link", { name: "Skip to content" })).toHaveAttribute("href", "#main");
    expect(screen.getByRole("main")).toHaveAttribute("id", "main");
  });

  it("lists the legal and support pages in the footer", () => {
    renderRoute("/");
    const footer = screen.getByRole("navigation", { name: "Footer" });
    expect(
      within(footer)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Privacy", "Terms", "Contact", "Report"]);
    expect(screen.getByText(`© ${new Date().getFullYear()} Backdrop`)).toBeInTheDocument();
  });

  it("shows a logged-in user Gallery, the token count, Top Up, Settings and Log Out", () => {
    mockApi({});
    renderRoute("/gallery", {
      session: testUser({ numOfTokens: 20, subscriptionTokens: 1000, subscriptionStatus: null }),
    });
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((link) => link.textContent || link.getAttribute("aria-label")),
    ).toEqual(["Generate", "Gallery", "Pricing", "Top Up", "Settings"]);
    expect(within(nav).getByRole("link", { name: "Settings" })).toHaveAttribute(
      "href",
      "/settings",
    );
    expect(within(nav).getByText("1,020 tokens")).toBeInTheDocument();
    expect(within(nav).getByRole("link", { name: "Top Up" })).toHaveAttribute("href", "/pricing");
    expect(within(nav).getByRole("button", { name: "Log Out" })).toBeInTheDocument();
    expect(within(nav).queryByRole("link", { name: "Log In" })).not.toBeInTheDocument();
    expect(screen.getByRole("tablist", { name: "Images" })).toBeInTheDocument();
  });

  it.each(["active", "canceling"])("says Subscription while the plan is %s", (status) => {
    renderRoute("/", { session: testUser({ subscriptionStatus: status }) });
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Subscription" })).toHaveAttribute(
      "href",
      "/pricing",
    );
  });

  it("asks before logging out, and Cancel keeps the session", async () => {
    const fetchMock = mockApi({});
    const { user } = renderRoute("/", { session: testUser() });
    const nav = screen.getByRole("navigation", { name: "Main" });

    await user.click(within(nav).getByRole("button", { name: "Log Out" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm Logout" });
    expect(within(dialog).getByRole("button", { name: "Log Out" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(within(nav).getByRole("button", { name: "Log Out" })).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("logs out through the Confirm Logout modal and lands on Generate", async () => {
    const fetchMock = mockApi({
      "POST /api/identity/sign-out": jsonResponse(200, { success: true }),
    });
    const { user, router } = renderRoute("/gallery", { session: testUser() });

    await user.click(
      within(screen.getByRole("navigation", { name: "Main" })).getByRole("button", {
        name: "Log Out",
      }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Confirm Logout" });
    await user.click(within(dialog).getByRole("button", { name: "Log Out" }));

    expect(await screen.findByText(LOGGED_OUT_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Log In" })).toBeInTheDocument();
    expect(within(nav).queryByText(/tokens/)).not.toBeInTheDocument();
    expect(callsTo(fetchMock, "/api/identity/sign-out")).toEqual([
      expect.objectContaining({ method: "POST", body: {} }),
    ]);
  });

  it("stays logged in when the sign-out fails", async () => {
    mockApi({ "POST /api/identity/sign-out": jsonResponse(500, { message: "Failed" }) });
    const { user } = renderRoute("/", { session: testUser() });
    await user.click(
      within(screen.getByRole("navigation", { name: "Main" })).getByRole("button", {
        name: "Log Out",
      }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Confirm Logout" });
    await user.click(within(dialog).getByRole("button", { name: "Log Out" }));
    expect(await screen.findByText("Failed")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Confirm Logout" })).toBeInTheDocument();
  });
});
