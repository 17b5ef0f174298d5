import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import {
  type APIRequestContext,
  type Download,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";
import { createVerifiedUser, logIn, mainNav } from "./accounts.ts";

export const COFFEE = join(import.meta.dirname, "..", "fixtures", "coffee.png");

/**
 * How long a job may take before the test calls it stuck: generous, because two workers'
 * jobs share the machine's cores with their browsers, and an upscale in one test slows a
 * generation in the other; only a job that never ends should fail here.
 */
export const JOB_WAIT_MS = 150_000;

export const photoInput = (page: Page) => page.locator('input[type="file"]').first();

/** Subscribes the logged-in user to Pro through the payment stand-in: 160 tokens. */
export async function subscribeToPro(page: Page) {
  await page.goto("/pricing");
  await page
    .getByRole("article", { name: "Pro" })
    .getByRole("button", { name: "Subscribe" })
    .click();
  await page.getByRole("button", { name: "Pay $14" }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
  await expect(mainNav(page).getByText("160 tokens")).toBeVisible();
}

/** A new verified user, tagged `tag`, logged in and subscribed to Pro: 160 tokens. */
export async function logInAsNewPro(page: Page, request: APIRequestContext, tag: string) {
  await logIn(page, await createVerifiedUser(request, tag));
  await subscribeToPro(page);
}

/** Clicks `button` and returns the download it starts. */
export async function downloadBy(button: Locator): Promise<Download> {
  const saved = button.page().waitForEvent("download");
  await button.click();
  return saved;
}

export async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help}`);
  const where = results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} at ${node.target.join(" ")}: ${node.failureSummary ?? ""}`,
    ),
  );
  expect(serious, where.join("\n")).toEqual([]);
}
