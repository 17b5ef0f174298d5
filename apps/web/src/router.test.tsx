import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute } from "./test/render-route.tsx";

const PAGES = [
  ["/", "Generate", "Place your product or actor anywhere with AI"],
  ["/signup", "Sign up", "Create your account"],
  ["/login", "Log in", "Log in to Backdrop"],
  ["/forgot-password", "Forgot password", "Forgot your password?"],
  ["/reset-password", "Reset password", "Choose a new password"],
  ["/pricing", "Pricing", "Simple plans, paid in tokens"],
  ["/payment-success", "Payment", "Payment not confirmed"],
  ["/payment-cancelled", "Payment cancelled", "Payment cancelled"],
  ["/gallery", "Gallery", "Gallery"],
  ["/privacy", "Privacy Policy", "Privacy Policy"],
  ["/terms", "Terms of Service", "Terms of Service"],
  ["/contact", "Contact", "Contact us"],
  ["/report", "Report an issue", "Report an issue"],
  ["/dev/mailbox", "Dev mailbox", "Dev mailbox"],
] as const;

describe("routes", () => {
  it.each(PAGES)("%s has one h1 and its own title", async (path, title, heading) => {
    renderRoute(path);
    const headings = screen.getAllByRole("heading", { level: 1 });
    expect(headings).toHaveLength(1);
    expect(headings[0]).toHaveTextContent(heading);
    await waitFor(() => expect(document.title).toBe(`${title} · Backdrop`));
  });

  it("shows a not-found page for unknown addresses, with a way back", async () => {
    const { user, router } = renderRoute("/no/such/page");
    expect(screen.getByRole("heading", { level: 1, name: "Page not found" })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Page not found · Backdrop"));

    await user.click(screen.getByRole("link", { name: "Back to Generate" }));

    expect(router.state.location.pathname).toBe("/");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(
      "Place your product or actor anywhere with AI",
    );
  });

  it("loads a page's code on the way to it, the frame showing meanwhile", async () => {
    const { user } = renderRoute("/terms", { lazyPages: true });
    expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
    expect(
      await screen.findByRole("heading", { level: 1, name: "Terms of Service" }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole("link", { name: "Pricing" }));

    expect(
      await screen.findByRole("heading", { level: 1, name: "Simple plans, paid in tokens" }),
    ).toBeInTheDocument();
  });
});
