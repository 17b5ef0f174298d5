import { expect, test } from "@playwright/test";
import { findMail } from "./mailbox.ts";

test("a contact message sent through the page arrives in the mailbox", async ({
  page,
  request,
}) => {
  const subject = `Invoice question ${Date.now()}`;
  await page.goto("/contact");
  await page.getByLabel("Name").fill("Grace Hopper");
  await page.getByLabel("Email").fill("grace@example.com");
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Message").fill("Can I get an invoice with my VAT number?");
  await page.getByRole("button", { name: "Send message" }).click();

  await expect(page.getByText("Your message has been sent")).toBeVisible();
  await expect(page.getByLabel("Subject")).toHaveValue("");

  const mail = await findMail(request, subject);
  expect(mail.to).toBe("support@backdrop.local");
  expect(mail.text).toContain("Can I get an invoice with my VAT number?");
  expect(mail.text).toContain("grace@example.com");
});

test("the contact form shows the spec's messages and keeps what was typed", async ({ page }) => {
  await page.goto("/contact");
  await page.getByLabel("Name").fill("Grace");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "All fields are required" }),
  ).toBeVisible();

  await page.getByLabel("Email").fill("grace@example");
  await page.getByLabel("Subject").fill("Hello");
  await page.getByLabel("Message").fill("Hi");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Please enter a valid email address" }),
  ).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("Grace");
});

test("an issue report sent without an email arrives in the mailbox", async ({ page, request }) => {
  const description = `The download button does nothing on Safari ${Date.now()}`;
  await page.goto("/report");
  await expect(page.getByLabel("Issue type")).toHaveValue("Bug Report");
  await page.getByLabel("Issue type").selectOption("Feature Request");
  await page.getByLabel("Description").fill(description);
  await page.getByLabel("Attachment link").fill("https://example.com/screenshot.png");
  await page.getByRole("button", { name: "Send report" }).click();

  await expect(page.getByText("Your report has been sent")).toBeVisible();
  const mail = await findMail(request, "[Feature Request]");
  expect(mail.text).toContain(description);
  expect(mail.links).toContain("https://example.com/screenshot.png");
});

test("the report form checks the optional link and email", async ({ page }) => {
  await page.goto("/report");
  await page.getByLabel("Description").fill("Something broke");
  await page.getByLabel("Attachment link").fill("ftp://example.com/file");
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Please enter a valid link" }),
  ).toBeVisible();

  await page.getByLabel("Attachment link").fill("");
  await page.getByLabel("Email").fill("nobody@");
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Please enter a valid email address" }),
  ).toBeVisible();
});
