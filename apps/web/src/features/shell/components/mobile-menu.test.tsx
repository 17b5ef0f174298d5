import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute } from "../../../test/render-route.tsx";

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
});
