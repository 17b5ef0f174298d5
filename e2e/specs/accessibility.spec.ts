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

test("success and error toasts are legible on their tints", async ({ page }) => {
  const toasts = page.locator("[data-sonner-toaster]");
  const expectLegible = async () => {
    const results = await new AxeBuilder({ page })
      .include("[data-sonner-toaster]")
      .withRules(["color-contrast"])
      .analyze();
    expect(
      results.violations.flatMap((violation) => violation.nodes.map((node) => node.html)),
    ).toEqual([]);
  };
  const send = async (subject: string) => {
    await page.getByLabel("Name").fill("Grace Hopper");
    await page.getByLabel("Email").fill("grace@example.com");
    await page.getByLabel("Subject").fill(subject);
    await page.getByLabel("Message").fill("Is there a yearly plan?");
    await page.getByRole("button", { name: "Send message" }).click();
  };

  await page.goto("/contact");
  await send("Plans");
  await expect(toasts.locator('[data-type="success"]')).toBeVisible();
  await expectLegible();

  await page.route("**/api/email/contact", (route) =>
    route.fulfill({ status: 500, json: { error: "The mail server is down" } }),
  );
  await send("Plans again");
  await expect(toasts.locator('[data-type="error"]')).toBeVisible();
  await expectLegible();
});
