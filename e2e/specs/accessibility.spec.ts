import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { createVerifiedUser, logIn } from "./accounts.ts";

const pages = [
  "/",
  "/contact",
  "/report",
  "/privacy",
  "/terms",
  "/pricing",
  "/no-such-page",
  "/signup",
  "/login",
  "/forgot-password",
  "/reset-password?token=e2e",
];

for (const width of [1280, 390]) {
  for (const path of pages) {
    test(`${path} at ${width}px has no serious accessibility violations`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
        .map((violation) => `${violation.id}: ${violation.help}`);
      expect(serious).toEqual([]);
    });
  }
}

test("the Login Required modal is accessible and keyboard-operable", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Login Required" });
  await expect(dialog).toBeVisible();
  const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(
    results.violations.filter((v) => v.impact === "serious" || v.impact === "critical"),
  ).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  await dialog.getByRole("link", { name: "Go to Login" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("the logged-in header and the Confirm Logout modal are accessible", async ({
  page,
  request,
}) => {
  const email = await createVerifiedUser(request, "a11y");
  await logIn(page, email);
  const header = await new AxeBuilder({ page }).include("header").analyze();
  expect(
    header.violations.filter((v) => v.impact === "serious" || v.impact === "critical"),
  ).toEqual([]);

  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("button", { name: "Log Out" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Confirm Logout" });
  await expect(dialog).toBeVisible();
  const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(
    results.violations.filter((v) => v.impact === "serious" || v.impact === "critical"),
  ).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});
