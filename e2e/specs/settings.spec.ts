import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { unzipSync } from "fflate";
import { createVerifiedUser, fillLogin, logIn, mainNav, PASSWORD } from "./accounts.ts";

/** SCREENSHOTS=<folder> keeps pictures of the page for a look at its design. */
const shots = process.env.SCREENSHOTS;

test("a seller downloads their data, then deletes the account and can sign up again", async ({
  page,
  request,
}) => {
  // Two sign-ins, an export and three password checks (scrypt) on a busy machine.
  test.slow();
  const email = await createVerifiedUser(request, "rights", "Rosa Rights");
  await logIn(page, email);

  await mainNav(page).getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/settings-1280.png`, fullPage: true });

  // The export: one ZIP with the account's own account.json.
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download my data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^backdrop-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(readFileSync(await download.path()));
  const account = JSON.parse(new TextDecoder().decode(files["account.json"]));
  expect(account.profile).toMatchObject({ email, name: "Rosa Rights" });

  // Deleting asks the password, then a dialog naming what goes.
  const deleteButton = page.getByRole("button", { name: "Delete account…" });
  await deleteButton.click();
  await expect(page.getByText("Please enter your password to delete your account")).toBeVisible();
  await page.getByLabel("Your password").fill("Wr0ng!pass");
  await deleteButton.click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog.getByText(`Your profile and your sign-in as ${email}`)).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/settings-dialog-1280.png` });
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(dialog.getByText("The password is not correct")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();

  await page.getByLabel("Your password").fill(PASSWORD);
  await deleteButton.click();
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Your account has been deleted")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(mainNav(page).getByRole("link", { name: "Log In" })).toBeVisible();

  // The old password no longer signs in; the address signs up again as a new account.
  await page.goto("/login");
  await fillLogin(page, email);
  await expect(page).toHaveURL(/\/login/);
  const again = await request.post("/api/identity/sign-up/email", {
    data: { name: "Rosa Again", email, password: PASSWORD, callbackURL: "/login" },
  });
  expect(again.status()).toBe(200);
});

test("the settings page fits a phone, and the header's menu leads there", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = await createVerifiedUser(request, "rights-mobile", "Mo Bile");
  await page.goto("/login");
  await fillLogin(page, email);
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  if (shots) await page.screenshot({ path: `${shots}/settings-390.png`, fullPage: true });
  await page.getByLabel("Your password").fill(PASSWORD);
  await page.getByRole("button", { name: "Delete account…" }).click();
  await expect(page.getByRole("dialog", { name: "Delete your account?" })).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/settings-dialog-390.png` });
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
});
