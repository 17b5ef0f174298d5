import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { browserLocation } from "../../../lib/browser-location.ts";
import { RouteError } from "./route-error.tsx";

/** A page whose code fails as `error`, behind the same error element as the app's pages. */
function renderFailingPage(error: Error) {
  const router = createMemoryRouter(
    [
      {
        element: <Outlet />,
        errorElement: <RouteError />,
        HydrateFallback: () => null,
        children: [{ path: "page", lazy: () => Promise.reject(error) }],
      },
    ],
    { initialEntries: ["/page"] },
  );
  render(<RouterProvider router={router} />);
}

describe("RouteError", () => {
  it("explains a page whose code cannot load, and reloads on request", async () => {
    const reload = vi.spyOn(browserLocation, "reload").mockImplementation(() => {});
    renderFailingPage(
      new TypeError("Failed to fetch dynamically imported module: /assets/pricing-page-x1.js"),
    );

    expect(
      await screen.findByRole("heading", { level: 1, name: "This page could not load" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Reloading gets the latest version/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Generate" })).toHaveAttribute("href", "/");

    await userEvent.click(screen.getByRole("button", { name: "Reload the page" }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it("words any other failure as unexpected, with the same ways out", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderFailingPage(new Error("boom"));

    expect(
      await screen.findByRole("heading", { level: 1, name: "Something went wrong" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reload the page" })).toBeInTheDocument();
  });
});
