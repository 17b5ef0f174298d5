import { expect, test } from "@playwright/test";
import { mainNav } from "./accounts.ts";

// The run's mock OpenID provider (oidc-server.ts) signs in one person without asking.
test("Continue with Google signs in through the popup", async ({ page }) => {
  await page.goto("/login");
  const popupOpened = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  const popup = await popupOpened;
  await popup.waitForEvent("close");

  await expect(page).toHaveURL(/\/$/);
  const nav = mainNav(page);
  await expect(nav.getByText("0 tokens")).toBeVisible();
  await expect(nav.getByRole("link", { name: "Gallery" })).toBeVisible();

  const session = await (await page.request.get("/api/identity/get-session")).json();
  const email = (session as { user: { email: string } }).user.email;

  await nav.getByRole("button", { name: "Log Out" }).click();
  await page
    .getByRole("dialog", { name: "Confirm Logout" })
    .getByRole("button", { name: "Log Out" })
    .click();
  await expect(nav.getByRole("link", { name: "Log In" })).toBeVisible();

  // The account signs in with Google, so it has no password to reset.
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "This account doesn’t use email login" }),
  ).toBeVisible();
});

test("the sign-up page offers Google too", async ({ page }) => {
  await page.goto("/signup");
  await expect(page.getByRole("button", { name: "Continue with Google" })).toBeVisible();
});
