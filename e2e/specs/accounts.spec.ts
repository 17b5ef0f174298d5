import { expect, test } from "@playwright/test";
import {
  createVerifiedUser,
  fillLogin,
  formAlert,
  logIn,
  mainNav,
  PASSWORD,
  signUpByApi,
  uniqueEmail,
  VERIFY_SUBJECT,
} from "./accounts.ts";
import { findMail, findMails } from "./mailbox.ts";

test("sign up, verify by mail, log in with 0 tokens and log out", async ({ page, request }) => {
  const email = uniqueEmail("journey");
  await page.goto("/signup");
  await page.getByLabel("Full name").fill("Ada Lovelace");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page.getByText("Check your inbox for the verification link")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await expect(page.getByLabel("Full name")).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/, { timeout: 8_000 });

  const mail = await findMail(request, VERIFY_SUBJECT, email);
  expect(mail.text).toContain("Hi Ada Lovelace,");
  await page.goto(mail.links[0] ?? "");
  await expect(page).toHaveURL(/\/login\?verified=1$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Log in to Backdrop");

  await fillLogin(page, email);
  await expect(page).toHaveURL(/\/$/);
  const nav = mainNav(page);
  await expect(nav.getByText("0 tokens")).toBeVisible();
  await expect(nav.getByRole("link", { name: "Gallery" })).toBeVisible();
  // a new account has no plan: Top Up leads to the plans, with the elite-only tooltip
  await expect(nav.getByRole("link", { name: "Top Up" })).toHaveAttribute("href", "/pricing");
  await expect(nav.getByRole("link", { name: "Log In" })).toHaveCount(0);

  // The session survives a reload: it lives in the httpOnly cookie.
  await page.reload();
  await expect(nav.getByText("0 tokens")).toBeVisible();

  await nav.getByRole("button", { name: "Log Out" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm Logout" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(nav.getByText("0 tokens")).toBeVisible();

  await nav.getByRole("button", { name: "Log Out" }).click();
  await dialog.getByRole("button", { name: "Log Out" }).click();
  await expect(page.getByText("You have been logged out.")).toBeVisible();
  await expect(nav.getByRole("link", { name: "Log In" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Gallery" })).toHaveCount(0);
  await page.reload();
  await expect(nav.getByRole("link", { name: "Log In" })).toBeVisible();
});

test("the sign-up form shows each of the spec's messages", async ({ page, request }) => {
  const taken = uniqueEmail("taken");
  await signUpByApi(request, taken);

  await page.goto("/signup");
  const create = page.getByRole("button", { name: "Create account" });
  await create.click();
  await expect(formAlert(page, "All fields are required")).toBeVisible();

  await page.getByLabel("Full name").fill("Grace Hopper");
  await page.getByLabel("Email").fill("grace@example");
  await page.getByLabel("Password", { exact: true }).fill("weak");
  await page.getByLabel("Confirm password").fill("other");
  await create.click();
  await expect(formAlert(page, "Please enter a valid email address")).toBeVisible();

  await page.getByLabel("Email").fill(uniqueEmail("grace"));
  await create.click();
  await expect(formAlert(page, "Passwords do not match")).toBeVisible();

  await page.getByLabel("Confirm password").fill("weak");
  await create.click();
  await expect(
    formAlert(page, "Password must be at least 8 characters, contain a number"),
  ).toBeVisible();

  // The checklist lists what the password still lacks, and nothing once it is strong.
  const rules = page.locator("#signup-password-rules li");
  await expect(rules).toHaveCount(4);
  await expect(rules.filter({ hasText: "A lowercase letter" })).toHaveCount(0);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await expect(rules).toHaveCount(0);
  await expect(page.getByText("Meets every requirement", { exact: true })).toBeVisible();

  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByLabel("Email").fill(taken);
  await create.click();
  await expect(formAlert(page, "Email already in use")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  // the two ways on for someone who has an account
  await expect(page.getByRole("link", { name: "Log in with it" })).toHaveAttribute(
    "href",
    "/login",
  );
  await expect(page.getByRole("link", { name: "reset your password" })).toHaveAttribute(
    "href",
    "/forgot-password",
  );
});

test("the login form says 'Invalid email or password'", async ({ page, request }) => {
  const email = await createVerifiedUser(request, "wrong-password");
  await page.goto("/login");
  await page.getByRole("button", { name: "Log In", exact: true }).click();
  await expect(formAlert(page, "All fields are required")).toBeVisible();

  await fillLogin(page, "nobody@", PASSWORD);
  await expect(formAlert(page, "Please enter a valid email address")).toBeVisible();

  await fillLogin(page, email, "Wr0ng!pass");
  await expect(formAlert(page, "Invalid email or password")).toBeVisible();
  await expect(page.getByRole("button", { name: "Resend verification email" })).toHaveCount(0);
});

test("an unverified login asks to verify and resends the link", async ({ page, request }) => {
  const email = uniqueEmail("unverified");
  await signUpByApi(request, email);

  await page.goto("/login");
  await fillLogin(page, email);
  await expect(formAlert(page, "Please verify your email")).toBeVisible();
  await expect(mainNav(page).getByRole("link", { name: "Log In" })).toBeVisible();

  await page.getByRole("button", { name: "Resend verification email" }).click();
  await expect(page.getByText("Verification email sent. Check your inbox.")).toBeVisible();
  const mails = await findMails(request, VERIFY_SUBJECT, email, 2);

  await page.goto(mails[0]?.links[0] ?? "");
  await expect(page).toHaveURL(/\/login\?verified=1$/);
  await fillLogin(page, email);
  await expect(mainNav(page).getByText("0 tokens")).toBeVisible();
});

test("a verification link that no longer works is explained on /login", async ({ page }) => {
  await page.goto("/api/identity/verify-email?token=not-a-token&callbackURL=%2Flogin");
  await expect(page).toHaveURL(/\/login\?error=INVALID_TOKEN$/);
  await expect(
    page.getByText("This verification link is invalid or has expired. Log in to get a new one."),
  ).toBeVisible();
});

test("a logged-in user is sent from /signup and /login to Generate", async ({ page, request }) => {
  const email = await createVerifiedUser(request, "signed-in");
  await logIn(page, email);

  for (const path of ["/signup", "/login", "/forgot-password"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Place your product or actor anywhere with AI",
    );
  }

  await page.goto("/gallery");
  await expect(page.getByRole("heading", { name: "No generated images yet" })).toBeVisible();
  await page.goto("/contact");
  await expect(page.getByLabel("Name")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveCount(0);
});
