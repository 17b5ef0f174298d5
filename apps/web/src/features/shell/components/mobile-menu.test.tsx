import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi } from "../../../test/mock-api.ts";
import { jsonResponse, renderRoute, testUser } from "../../../test/render-route.tsx";

describe("mobile menu", () => {
  it("opens a dialog with the site's links", async () => {
    const { user } = renderRoute("/contact");
    const button = screen.getByRole("button", { name: "Open menu" });
    expect(button).toHaveAttribute("aria-expanded", "false");

    await user.click(button);

    const menu = await screen.findByRole("dialog", { name: "Menu" });
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(button).toHaveAttribute("aria-controls", menu.id);
    const nav = within(menu).getByRole("navigation", { name: "Mobile" });
    for (const name of ["Generate", "Pricing", "Log In", "Privacy", "Terms", "Contact", "Report"]) {
      expect(within(nav).getByRole("link", { name })).toBeInTheDocument();
    }
    expect(within(nav).getByRole("link", { name: "Contact" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(menu).toContainElement(document.activeElement as HTMLElement);
  });

  it("closes on Escape and gives focus back to the menu button", async () => {
    const { user } = renderRoute("/");
    const button = screen.getByRole("button", { name: "Open menu" });
    await user.click(button);
    await screen.findByRole("dialog", { name: "Menu" });

    await user.keyboard("{Escape}");

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });

  it("closes after following a link", async () => {
    const { user, router } = renderRoute("/");
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    const menu = await screen.findByRole("dialog", { name: "Menu" });

    await user.click(within(menu).getByRole("link", { name: "Pricing" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe("/pricing");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(
      "Simple plans, paid in tokens",
    );
  });

  it("closes with its close button", async () => {
    const { user } = renderRoute("/");
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    await screen.findByRole("dialog", { name: "Menu" });

    await user.click(screen.getByRole("button", { name: "Close menu" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("gives a logged-in user the token count, Top Up and Log Out with its confirmation", async () => {
    mockApi({ "POST /api/identity/sign-out": jsonResponse(200, { success: true }) });
    const { user, router } = renderRoute("/pricing", {
      session: testUser({ numOfTokens: 1, subscriptionTokens: 0, subscriptionStatus: null }),
    });
    const button = screen.getByRole("button", { name: "Open menu" });
    await user.click(button);
    const menu = await screen.findByRole("dialog", { name: "Menu" });
    const nav = within(menu).getByRole("navigation", { name: "Mobile" });
    expect(within(nav).getByRole("link", { name: "Gallery" })).toBeInTheDocument();
    expect(within(nav).getByText("1 token")).toBeInTheDocument();
    expect(within(nav).getByRole("link", { name: "Top Up" })).toHaveAttribute("href", "/pricing");

    await user.click(within(nav).getByRole("button", { name: "Log Out" }));

    const confirm = await screen.findByRole("dialog", { name: "Confirm Logout" });
    expect(screen.queryByRole("dialog", { name: "Menu" })).not.toBeInTheDocument();
    await user.click(within(confirm).getByRole("button", { name: "Log Out" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(screen.queryByText("1 token")).not.toBeInTheDocument();
  });

  it("gives focus back to the menu button when the logout is cancelled", async () => {
    const { user } = renderRoute("/", { session: testUser() });
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    const menu = await screen.findByRole("dialog", { name: "Menu" });
    await user.click(within(menu).getByRole("button", { name: "Log Out" }));
    const confirm = await screen.findByRole("dialog", { name: "Confirm Logout" });

    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: "Open menu" })).toHaveFocus();
  });
});
