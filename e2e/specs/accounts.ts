import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { findMail } from "./mailbox.ts";

export const PASSWORD = "Str0ng!pass";
export const VERIFY_SUBJECT = "Verify your email for Backdrop";
export const RESET_SUBJECT = "Reset your Backdrop password";

let counter = 0;

/** An address no other test (or earlier run on this database) uses. */
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `${tag}-${Date.now()}-${counter}@example.com`;
}

/** Signs up through the API, as the sign-up page does; the account is not verified yet. */
export async function signUpByApi(request: APIRequestContext, email: string, name = "Test User") {
  const response = await request.post("/api/identity/sign-up/email", {
    data: { name, email, password: PASSWORD, callbackURL: "/login" },
  });
  expect(response.status()).toBe(200);
}

/** Follows the verification link of the newest mail to `email`. */
export async function verifyByMail(request: APIRequestContext, email: string) {
  const mail = await findMail(request, VERIFY_SUBJECT, email);
  const link = mail.links[0] ?? "";
  const response = await request.get(link, { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/login?verified=1");
}

/** A user who signed up and verified their address, ready to log in. */
export async function createVerifiedUser(request: APIRequestContext, tag: string, name?: string) {
  const email = uniqueEmail(tag);
  await signUpByApi(request, email, name);
  await verifyByMail(request, email);
  return email;
}

export async function fillLogin(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log In", exact: true }).click();
}

/** Logs in through the login page and waits for the header to show the balance. */
export async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.goto("/login");
  await fillLogin(page, email, password);
  await expect(page).toHaveURL(/\/$/);
  await expect(mainNav(page).getByText("0 tokens")).toBeVisible();
}

export const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

export const formAlert = (page: Page, text: string) =>
  page.getByRole("alert").filter({ hasText: text });
