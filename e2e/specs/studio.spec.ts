import { readFileSync } from "node:fs";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { createVerifiedUser, fillLogin, logIn, mainNav } from "./accounts.ts";

const COFFEE = join(import.meta.dirname, "..", "fixtures", "coffee.png");
const MESSAGES = {
  editTargetsSubject: "Backdrop changes the scene around your subject, not the subject itself.",
  notAnImage: "Please select an image file (JPEG, PNG, etc.)",
  tooLarge: "Oops! Your image is too large. Maximum size allowed is 2048 x 2048 pixels.",
};

const PROMPT = "on a marble counter, morning light";

/**
 * How long a job may take before the test calls it stuck: generous, because two workers'
 * jobs share the machine's cores with their browsers, and an upscale in one test slows a
 * generation in the other; only a job that never ends should fail here.
 */
const JOB_WAIT_MS = 150_000;

const photoInput = (page: Page) => page.locator('input[type="file"]').first();
const prompt = (page: Page) => page.getByLabel("Describe the new background");
const generate = (page: Page) => page.getByRole("button", { name: "Generate", exact: true });

async function fillStudio(page: Page) {
  await photoInput(page).setInputFiles(COFFEE);
  await expect(page.getByText("600 × 400 px")).toBeVisible();
  await prompt(page).fill(PROMPT);
}

async function subscribeToPro(page: Page) {
  await page.goto("/pricing");
  await page
    .getByRole("article", { name: "Pro" })
    .getByRole("button", { name: "Subscribe" })
    .click();
  await page.getByRole("button", { name: "Pay $14" }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
  await expect(mainNav(page).getByText("160 tokens")).toBeVisible();
}

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help}`);
  expect(serious).toEqual([]);
}

/** A PNG whose header claims a size, for the picker's dimension check. */
function pngOfSize(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const frame = Buffer.alloc(body.length + 8);
    frame.writeUInt32BE(data.length, 0);
    body.copy(frame, 4);
    frame.writeUInt32BE(crc(body), body.length + 4);
    return frame;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  // One grey byte per pixel, each row led by its filter byte.
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let row = 0; row < height; row += 1) rows[row * (width + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

test("a visitor who presses Generate is asked to log in, and finds the studio as they left it", async ({
  page,
  request,
}) => {
  await page.goto("/");
  await fillStudio(page);
  await page.getByRole("radio", { name: "Queue" }).check();
  await generate(page).click();
  const dialog = page.getByRole("dialog", { name: "Login Required" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("link", { name: "Go to Login" }).click();
  await expect(page).toHaveURL(/\/login$/);

  const email = await createVerifiedUser(request, "studio-draft");
  // A fresh page holds nothing in memory: what comes back came from the browser's storage.
  await page.reload();
  await fillLogin(page, email);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("img", { name: "Preview of coffee.png" })).toBeVisible();
  await expect(page.getByText("600 × 400 px")).toBeVisible();
  await expect(prompt(page)).toHaveValue(PROMPT);
  await expect(page.getByRole("radio", { name: "Queue" })).toBeChecked();
});

test("a user without a subscription is shown the plans", async ({ page, request }) => {
  await logIn(page, await createVerifiedUser(request, "studio-free"));
  await page.goto("/");
  await fillStudio(page);
  await generate(page).click();
  const dialog = page.getByRole("dialog", { name: "Subscription Required" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("link", { name: "View Plans" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test("the picker refuses what is not an image and what is too large, in the spec's words", async ({
  page,
}) => {
  await page.goto("/");
  await photoInput(page).setInputFiles({
    name: "notes.png",
    mimeType: "text/plain",
    buffer: Buffer.from("not a picture"),
  });
  await expect(page.getByText(MESSAGES.notAnImage)).toBeVisible();
  await photoInput(page).setInputFiles({
    name: "wide.png",
    mimeType: "image/png",
    buffer: pngOfSize(2100, 8),
  });
  await expect(page.getByText(MESSAGES.tooLarge)).toBeVisible();
});

test("generate, upscale, revert, edit with undo and redo, save, then find it all in the gallery", async ({
  page,
  request,
}) => {
  test.setTimeout(480_000);
  await logIn(page, await createVerifiedUser(request, "studio"));
  await subscribeToPro(page);

  await fillStudio(page);
  await expect(page.getByText(/This photo costs 8 tokens/)).toBeVisible();
  await generate(page).click();
  const result = page.getByRole("region", { name: "Result" });
  const download = page.getByRole("button", { name: "Download" });
  await expect(download).toBeVisible({ timeout: JOB_WAIT_MS });
  await expect(mainNav(page).getByText("152 tokens")).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.getByRole("button", { name: "Upscale 2x" }).click();
  const revert = page.getByRole("button", { name: "Revert Upscale" });
  await expect(revert).toBeVisible({ timeout: JOB_WAIT_MS });
  await expect(result.getByText("Upscaled 2x")).toBeVisible();
  await expect(mainNav(page).getByText("150 tokens")).toBeVisible();
  await revert.click();
  await expect(page.getByRole("button", { name: "Upscale 2x" })).toBeVisible();

  await page.getByRole("button", { name: "Edit with AI" }).click();
  const editor = page.getByRole("dialog", { name: "Edit with AI" });
  await expect(editor).toBeVisible();
  const undo = editor.getByRole("button", { name: /^Undo/ });
  const redo = editor.getByRole("button", { name: /^Redo/ });
  await expect(undo).toBeDisabled();
  await expectNoSeriousViolations(page);
  // An edit of the subject rather than its scene is explained and costs nothing.
  await editor.getByLabel("Describe your edit").fill("remove the spoon");
  await editor.getByRole("button", { name: "Edit Image" }).click();
  await expect(editor.getByRole("alert")).toContainText(MESSAGES.editTargetsSubject);
  await expect(editor.getByText(/you have 150$/)).toBeVisible();
  await expect(undo).toBeDisabled();
  await editor.getByLabel("Describe your edit").fill("make it black and white");
  await editor.getByRole("button", { name: "Edit Image" }).click();
  await expect(undo).toBeEnabled({ timeout: JOB_WAIT_MS });
  await expect(editor.getByText(/you have 148$/)).toBeVisible();
  await undo.click();
  await expect(redo).toBeEnabled();
  await redo.click();
  await expect(redo).toBeDisabled();
  await editor.getByRole("button", { name: "Done Editing - Save and Close" }).click();
  await expect(editor).toBeHidden();
  await expect(result.getByText("Edited with AI")).toBeVisible();
  await expect(mainNav(page).getByText("148 tokens")).toBeVisible();

  const saved = page.waitForEvent("download");
  await download.click();
  const file = await saved;
  expect(file.suggestedFilename()).toMatch(/^backdrop-.+\.png$/);
  const bytes = readFileSync((await file.path()) as string);
  expect(bytes.subarray(1, 4).toString("ascii")).toBe("PNG");

  await mainNav(page).getByRole("link", { name: "Gallery" }).click();
  const tabs = page.getByRole("tablist", { name: "Images" });
  for (const name of ["Generated", "Processed (AI)", "Upscaled"]) {
    await tabs.getByRole("tab", { name: new RegExp(`^${name.replace(/[()]/g, "\\$&")}`) }).click();
    const tiles = page.getByRole("tabpanel").getByRole("listitem");
    await expect(tiles).toHaveCount(1);
    // The thumbnail really loaded from the server.
    await expect
      .poll(() => tiles.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  }
  await expectNoSeriousViolations(page);
});

test("a generation survives a reload: the address names it and the result comes back", async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await logIn(page, await createVerifiedUser(request, "studio-reload"));
  await subscribeToPro(page);

  await fillStudio(page);
  await generate(page).click();
  await expect(page).toHaveURL(/\?record=[0-9a-f-]{36}$/, { timeout: 30_000 });
  // Leaving the page while the job runs loses nothing: the reload watches it to its end.
  await page.reload();
  await expect(page.getByRole("button", { name: "Download" })).toBeVisible({
    timeout: JOB_WAIT_MS,
  });
  await expect(
    page.getByRole("img", { name: /^Your photo with the new background/ }),
  ).toHaveAttribute("src", /\/api\/files\/.+\.png$/);
  await expect(mainNav(page).getByText("152 tokens")).toBeVisible();

  // The gallery opens it again in the studio…
  const gallery = mainNav(page).getByRole("link", { name: "Gallery" });
  const generated = page.getByRole("tabpanel");
  await gallery.click();
  await generated.getByRole("button", { name: new RegExp(`^Generated image: ${PROMPT}`) }).click();
  const viewer = page.getByRole("dialog", { name: "Generated image" });
  await viewer.getByRole("link", { name: "Open in studio" }).click();
  await expect(page).toHaveURL(/\/\?record=[0-9a-f-]{36}&image=/);
  await expect(
    page.getByRole("img", { name: /^Your photo with the new background/ }),
  ).toHaveAttribute("src", /\/api\/files\/.+\.png$/);
  await expect(page.getByRole("button", { name: "Download" })).toBeVisible();

  // …and deletes it for good.
  await gallery.click();
  await generated
    .getByRole("button", { name: new RegExp(`^Delete Generated image: ${PROMPT}`) })
    .click();
  const confirm = page.getByRole("dialog", { name: "Delete this image?" });
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(confirm).toBeHidden();
  const empty = page.getByText("No generated images yet");
  await expect(empty).toBeVisible();
  await page.reload();
  await expect(empty).toBeVisible();
});
