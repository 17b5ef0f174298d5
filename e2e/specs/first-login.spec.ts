import { expect, type Page, test } from "@playwright/test";
import { createVerifiedUser, fillLogin } from "./accounts.ts";

/** The toast saying `text`, once shown. */
const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text });

for (const width of [1280, 390]) {
  test(`at ${width}px: the verified address is confirmed, the first login says Welcome, below the header`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const email = await createVerifiedUser(request, "first-login", "Grace Hopper");

    // Where the verification link lands (accounts.ts checks that it does).
    await page.goto("/login?verified=1");
    await expect(page.getByRole("status")).toHaveText(
      "Your email is verified. Log in to start creating.",
    );

    await fillLogin(page, email);
    const welcome = toast(page, "Welcome, Grace Hopper!");
    await expect(welcome).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    // The toast opens below the header, never over its navigation.
    const header = await page.getByRole("banner").boundingBox();
    const shown = await welcome.boundingBox();
    expect(header && shown && shown.y >= header.y + header.height).toBe(true);
    // On a phone they rise from the bottom, clear of the menu sheet's links at its top too.
    if (width < 600) expect(shown && shown.y > 900 / 2).toBe(true);

    // Every later login is a return.
    await page.context().clearCookies();
    await page.goto("/login");
    await fillLogin(page, email);
    await expect(toast(page, "Welcome back, Grace Hopper!")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
}
