import { expect, type Page, test } from "@playwright/test";
import { createVerifiedUser, logIn, mainNav } from "./accounts.ts";

const card = (page: Page, name: string) => page.getByRole("article", { name });

/** The header's balance, read from the pill ("1,234 tokens"). */
async function headerTokens(page: Page): Promise<number> {
  const pill = mainNav(page).getByText(/^[\d,]+ tokens?$/);
  await expect(pill).toBeVisible();
  return Number((await pill.innerText()).replace(/\D/g, ""));
}

async function payOnSandboxCheckout(page: Page, price: string) {
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole("button", { name: `Pay ${price}` }).click();
  await expect(page).toHaveURL(/\/payment-success\?session_id=/);
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  // back to the studio after 3 s
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
}

test("subscribe, change plan, cancel, reactivate, top up and renew through the sandbox", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = await createVerifiedUser(request, "billing");
  await logIn(page, email);

  // Subscribe to Pro: the checkout shows the price before Pay.
  await page.goto("/pricing");
  await card(page, "Pro").getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("$14 / month")).toBeVisible();
  await payOnSandboxCheckout(page, "$14");
  await expect(mainNav(page).getByText("160 tokens")).toBeVisible();
  await expect(mainNav(page).getByRole("link", { name: "Subscription" })).toBeVisible();

  // Change to Elite: immediate, at the figures the server quoted in the dialog.
  await mainNav(page).getByRole("link", { name: "Subscription" }).click();
  await card(page, "Elite").getByRole("button", { name: "Change Plan" }).click();
  const change = page.getByRole("dialog", { name: "Change to Elite?" });
  await expect(change).toContainText("$24/month");
  const quote = change.getByTestId("plan-change-quote");
  await expect(quote).toContainText("Charged now$10");
  const added = Number((await quote.getByText(/^\+\d+$/).innerText()).slice(1));
  expect(added).toBeGreaterThan(100);
  expect(added).toBeLessThanOrEqual(115);
  await change.getByRole("button", { name: "Change to Elite" }).click();
  await expect(change).toBeHidden();
  const elite = card(page, "Elite");
  await expect(elite.getByText("Active", { exact: true })).toBeVisible();
  await expect(mainNav(page).getByText(`${160 + added} tokens`)).toBeVisible();
  const afterChange = await headerTokens(page);
  const nextBilling = (await elite.getByText(/^Next billing: /).innerText()).replace(
    "Next billing: ",
    "",
  );

  // Cancel: the plan runs to the end of the period.
  await elite.getByRole("button", { name: "Cancel subscription" }).click();
  const cancel = page.getByRole("dialog", { name: "Cancel your Elite plan?" });
  await expect(cancel).toContainText(nextBilling);
  await cancel.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(elite.getByText(`Subscription will end on ${nextBilling}`)).toBeVisible();
  await expect(elite.getByText("Inactive", { exact: true })).toBeVisible();

  // Reactivate.
  await elite.getByRole("button", { name: "Reactivate" }).click();
  await page
    .getByRole("dialog", { name: "Keep your Elite plan?" })
    .getByRole("button", { name: "Reactivate" })
    .click();
  await expect(elite.getByText(`Next billing: ${nextBilling}`)).toBeVisible();

  // Top up 100 tokens from the header.
  await mainNav(page).getByRole("link", { name: "Top Up" }).click();
  await expect(page).toHaveURL(/\/pricing#top-up$/);
  await page.getByRole("button", { name: "Buy 100 tokens for $9" }).click();
  await expect(page.getByText("100 tokens", { exact: true })).toBeVisible();
  await payOnSandboxCheckout(page, "$9");
  await expect(mainNav(page).getByText(`${afterChange + 100} tokens`)).toBeVisible();

  // The sandbox clock ends the period: the plan's tokens are granted again, bought ones stay.
  await page.goto("/pricing");
  await card(page, "Elite").getByRole("button", { name: "Manage Subscription" }).click();
  await expect(page).toHaveURL(/\/sandbox\/portal\//);
  await page.getByRole("button", { name: "End current period now" }).click();
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Back to Backdrop" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(mainNav(page).getByText("375 tokens")).toBeVisible();
});
