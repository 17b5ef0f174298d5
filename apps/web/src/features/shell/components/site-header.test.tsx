import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute } from "../../../test/render-route.tsx";

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
});
