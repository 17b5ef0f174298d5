import { expect, type Page, test } from "@playwright/test";
import {
  createVerifiedUser,
  fillLogin,
  logIn,
  mainNav,
  PASSWORD,
  uniqueEmail,
  VERIFY_SUBJECT,
} from "./accounts.ts";
import { findMail } from "./mailbox.ts";
import { COFFEE, JOB_WAIT_MS, logInAsNewPro, photoInput } from "./studio.ts";

/**
 * Nothing typed or picked is lost: the studio's photo, prompt and choices come back after
 * every way a seller leaves it and returns. Each test fills the studio with a photo, a prompt,
 * Soft shadows and 2 takes, and checks all three come back.
 */

const PROMPT = "on a marble counter, morning light";
const prompt = (page: Page) => page.getByLabel("Describe the new background");
const studioForm = (page: Page) => page.getByRole("form", { name: "Generate a new background" });
const preview = (page: Page) => page.getByRole("img", { name: /^Preview of / });

async function fillStudio(page: Page) {
  await photoInput(page).setInputFiles(COFFEE);
  await expect(page.getByText("600 × 400 px")).toBeVisible();
  await prompt(page).fill(PROMPT);
  await page.getByRole("radio", { name: "Soft" }).check();
  await page.getByRole("radio", { name: "2 takes" }).check();
}

/** The photo (its preview and the cost line), the prompt and the choices are back. */
async function expectRestored(page: Page) {
  await expect(preview(page)).toBeVisible();
  await expect(page.getByText("600 × 400 px")).toBeVisible();
  await expect(studioForm(page).getByText(/2 takes × 8 tokens = 16 tokens/)).toBeVisible();
  await expect(prompt(page)).toHaveValue(PROMPT);
  await expect(page.getByRole("radio", { name: "Soft" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "2 takes" })).toBeChecked();
}

/**
 * Waits until the browser has kept the draft with the prompt (a moment after the last change),
 * and, with `uploaded`, with its photo by its upload: before a page is left by a full
 * navigation, so the test does not outrun a seller.
 */
async function expectDraftKept(page: Page, uploaded = false) {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        // Opening a database that is not there would make an empty one the studio cannot use.
        const names = (await indexedDB.databases()).map((database) => database.name);
        if (!names.includes("backdrop")) return null;
        return new Promise<{ prompt: string; uploaded: boolean } | null>((resolve) => {
          const open = indexedDB.open("backdrop");
          open.onerror = () => resolve(null);
          open.onsuccess = () => {
            const database = open.result;
            if (!database.objectStoreNames.contains("drafts")) return resolve(null);
            const read = database.transaction("drafts").objectStore("drafts").get("studio");
            read.onerror = () => resolve(null);
            read.onsuccess = () => {
              const draft = read.result as
                | { prompt: string; photo: { upload: unknown } | null }
                | undefined;
              database.close();
              resolve(draft ? { prompt: draft.prompt, uploaded: !!draft.photo?.upload } : null);
            };
          };
        });
      }),
    )
    .toEqual({ prompt: PROMPT, uploaded });
}

/** Counts the photo uploads `page` sends from now on. */
function countUploads(page: Page) {
  const sent = { uploads: 0 };
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/api/fal/upload")) sent.uploads++;
  });
  return sent;
}

async function logInNewUser(page: Page, request: Parameters<typeof createVerifiedUser>[0]) {
  await logIn(page, await createVerifiedUser(request, "draft"));
}

test("a visitor's draft comes back after Log In from the header", async ({ page, request }) => {
  const email = await createVerifiedUser(request, "draft-header");
  await page.goto("/");
  await fillStudio(page);
  await mainNav(page).getByRole("link", { name: "Log In" }).click();
  await fillLogin(page, email);
  await expect(page).toHaveURL(/\/$/);
  await expectRestored(page);
});

test("a visitor's draft comes back after logging in from Login Required", async ({
  page,
  request,
}) => {
  const email = await createVerifiedUser(request, "draft-dialog");
  await page.goto("/");
  await fillStudio(page);
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Login Required" });
  await dialog.getByRole("link", { name: "Go to Login" }).click();
  await fillLogin(page, email);
  await expect(page).toHaveURL(/\/$/);
  await expectRestored(page);
});

test("a visitor's draft comes back after signing up and verifying the e-mail", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("draft-signup");
  await page.goto("/");
  await fillStudio(page);
  await mainNav(page).getByRole("link", { name: "Log In" }).click();
  await page.getByRole("link", { name: "Create an account" }).click();
  await page.getByLabel("Full name").fill("Ada Lovelace");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

  const mail = await findMail(request, VERIFY_SUBJECT, email);
  await page.goto(mail.links[0] ?? "");
  await expect(page).toHaveURL(/\/login\?verified=1$/);
  await fillLogin(page, email);
  await expect(page).toHaveURL(/\/$/);
  await expectRestored(page);
});

/** A logged-in user fills the studio, and leaves for the Pro plan's checkout. */
async function leaveForCheckout(page: Page, request: Parameters<typeof createVerifiedUser>[0]) {
  await logInNewUser(page, request);
  await fillStudio(page);
  await expectDraftKept(page, true);
  await mainNav(page).getByRole("link", { name: "Pricing" }).click();
  await page
    .getByRole("article", { name: "Pro" })
    .getByRole("button", { name: "Subscribe" })
    .click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
}

test("the draft comes back after paying at checkout, from its upload", async ({
  page,
  request,
}) => {
  await leaveForCheckout(page, request);
  const sent = countUploads(page);
  await page.getByRole("button", { name: "Pay $14" }).click();
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
  await expect(mainNav(page).getByText("160 tokens")).toBeVisible();
  await expectRestored(page);
  await expect(page.getByText("· you have 160")).toBeVisible();
  expect(sent.uploads).toBe(0);
});

test("the draft comes back after cancelling at checkout", async ({ page, request }) => {
  await leaveForCheckout(page, request);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { name: "Payment cancelled" })).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
  await expectRestored(page);
});

test("the draft comes back after a visit to another page", async ({ page, request }) => {
  await logInNewUser(page, request);
  await fillStudio(page);
  await mainNav(page).getByRole("link", { name: "Gallery" }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  await page.goBack();
  await expectRestored(page);
});

test("the draft comes back after a reload, without a second upload", async ({ page, request }) => {
  await logInNewUser(page, request);
  await fillStudio(page);
  await expectDraftKept(page, true);
  const sent = countUploads(page);
  await page.reload();
  await expectRestored(page);
  expect(sent.uploads).toBe(0);
});

test("the draft is there in a second tab", async ({ page, request }) => {
  await logInNewUser(page, request);
  await fillStudio(page);
  await expectDraftKept(page, true);
  const second = await page.context().newPage();
  await second.goto("/");
  await expectRestored(second);
});

test("Start over clears the form, and the draft with it", async ({ page, request }) => {
  await logInNewUser(page, request);
  await fillStudio(page);
  await expectDraftKept(page, true);
  const startOver = page.getByRole("button", { name: "Start over" });
  await startOver.focus();
  await page.keyboard.press("Enter");
  await expect(preview(page)).toHaveCount(0);
  await expect(prompt(page)).toHaveValue("");
  await expect(page.getByRole("radio", { name: "Natural" })).toBeChecked();
  await page.reload();
  await expect(page.getByText("600 × 400 px")).toHaveCount(0);
  await expect(prompt(page)).toHaveValue("");
  await expect(page.getByRole("radio", { name: "1 take" })).toBeChecked();
});

test("Open in studio brings back the record's photo, prompt and choices", async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await logInAsNewPro(page, request, "draft-open");
  await fillStudio(page);
  await page.getByRole("radio", { name: "1 take" }).check();
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  await expect(page.getByRole("button", { name: "Download" })).toBeVisible({
    timeout: JOB_WAIT_MS,
  });
  await page.getByRole("button", { name: "Start over" }).click();
  await expect(prompt(page)).toHaveValue("");

  await mainNav(page).getByRole("link", { name: "Gallery" }).click();
  await page
    .getByRole("tabpanel")
    .getByRole("button", { name: new RegExp(`^Generated image: ${PROMPT}`) })
    .click();
  const viewer = page.getByRole("dialog", { name: "Generated image" });
  await viewer.getByRole("link", { name: "Open in studio" }).click();
  await expect(page.getByRole("button", { name: "Download" })).toBeVisible();
  await expect(preview(page)).toBeVisible();
  await expect(studioForm(page).getByText(/This photo costs 8 tokens/)).toBeVisible();
  await expect(prompt(page)).toHaveValue(PROMPT);
  await expect(page.getByRole("radio", { name: "Soft" })).toBeChecked();
});
