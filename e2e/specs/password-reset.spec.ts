import { expect, test } from "@playwright/test";
import {
  createVerifiedUser,
  fillLogin,
  formAlert,
  mainNav,
  RESET_SUBJECT,
  uniqueEmail,
} from "./accounts.ts";
import { findMail } from "./mailbox.ts";

const NEW_PASSWORD = "N3w&better-pass";

test("forgot password: mail, link, new password, log in with it", async ({ page, request }) => {
  const email = await createVerifiedUser(request, "reset");

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();

  await expect(page.getByText("Password reset email sent! Check your inbox.")).toBeVisible();
  await expect(page.getByRole("button", { name: /Resend in \d+s/ })).toBeDisabled();
  await expect(page.getByText("2 of 3 sends left on this page.")).toBeVisible();

  const mail = await findMail(request, RESET_SUBJECT, email);
  await page.goto(mail.links[0] ?? "");
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose a new password");

  const password = page.getByLabel("New password", { exact: true });
  const confirm = page.getByLabel("Confirm new password", { exact: true });
  await password.fill("weakpass");
  await confirm.fill("weakpass");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(
    formAlert(page, "Password must be at least 8 characters, contain a number"),
  ).toBeVisible();

  await password.fill(NEW_PASSWORD);
  await confirm.fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Your password has been changed.")).toBeVisible();

  await fillLogin(page, email, NEW_PASSWORD);
  await expect(mainNav(page).getByText("0 tokens")).toBeVisible();

  // The link works once.
  await page.goto(mail.links[0] ?? "");
  await expect(page).toHaveURL(/\/reset-password\?error=INVALID_TOKEN$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This reset link has expired");
  await expect(page.getByRole("link", { name: "Request a new link" })).toHaveAttribute(
    "href",
    "/forgot-password",
  );
});

test("forgot password checks the address before sending", async ({ page }) => {
  await page.goto("/forgot-password");
  const send = page.getByRole("button", { name: "Send reset link" });
  await send.click();
  await expect(formAlert(page, "Please enter your email address")).toBeVisible();
  await page.getByLabel("Email").fill("nobody@example");
  await send.click();
  await expect(formAlert(page, "Please enter a valid email address")).toBeVisible();
  await page.getByLabel("Email").fill(uniqueEmail("nobody"));
  await send.click();
  await expect(formAlert(page, "No user associated with this email")).toBeVisible();
});
