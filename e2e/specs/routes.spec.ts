import { expect, test } from "@playwright/test";

const routes: Array<[path: string, heading: string]> = [
  ["/", "Place your product or actor anywhere with AI"],
  ["/signup", "Create your account"],
  ["/login", "Log in to Backdrop"],
  ["/forgot-password", "Forgot your password?"],
  ["/reset-password", "Choose a new password"],
  ["/pricing", "Simple plans, paid in tokens"],
  ["/payment-success", "Payment not confirmed"],
  ["/payment-cancelled", "Payment cancelled"],
  ["/gallery", "Gallery"],
  ["/privacy", "Privacy Policy"],
  ["/terms", "Terms of Service"],
  ["/contact", "Contact us"],
  ["/report", "Report an issue"],
];

for (const [path, heading] of routes) {
  test(`${path} renders the frame and its heading`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);

    const header = page.getByRole("navigation", { name: "Main" });
    await expect(header.getByRole("link", { name: "Generate" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Pricing" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Log In" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Gallery" })).toHaveCount(0);

    const footer = page.getByRole("navigation", { name: "Footer" });
    for (const name of ["Privacy", "Terms", "Contact", "Report"]) {
      await expect(footer.getByRole("link", { name })).toBeVisible();
    }
  });
}

test("an unknown route shows the not-found page", async ({ page }) => {
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(page).toHaveTitle(/Page not found/);
  await page.getByRole("link", { name: "Back to Generate" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Place your product or actor anywhere with AI",
  );
});

test("the footer links lead to their pages", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("navigation", { name: "Footer" });
  await footer.getByRole("link", { name: "Terms" }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
});

test("the API health check answers ok", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({
    status: "ok",
    checks: { database: { status: "ok" }, disk: { status: "ok" } },
  });
});
