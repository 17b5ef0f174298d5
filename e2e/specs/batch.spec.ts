import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
// The server's ZIP library, hoisted to the root node_modules: it reads back what the server wrote.
import { unzipSync } from "fflate";
import { mainNav } from "./accounts.ts";
import {
  COFFEE,
  downloadBy,
  expectNoSeriousViolations,
  JOB_WAIT_MS,
  logInAsNewPro,
  photoInput,
} from "./studio.ts";

const PROMPT = "on a marble counter, morning light";
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

/** A WebP file: "RIFF", four bytes of length, "WEBP". */
function isWebp(bytes: Uint8Array) {
  const text = Buffer.from(bytes.subarray(0, 12)).toString("latin1");
  return text.startsWith("RIFF") && text.endsWith("WEBP");
}

test("a batch of three photos runs to the end and downloads as one ZIP", async ({
  page,
  request,
}) => {
  // Three jobs, each given what one job is given in the studio's tests.
  test.setTimeout(4 * JOB_WAIT_MS);
  await logInAsNewPro(page, request, "batch");

  const coffee = readFileSync(COFFEE);
  const names = ["coffee-1.png", "coffee-2.png", "coffee-3.png"];
  await photoInput(page).setInputFiles(
    names.map((name) => ({ name, mimeType: "image/png", buffer: coffee })),
  );
  await expect(page.getByRole("heading", { name: "Batch of 3 photos" })).toBeVisible();
  const price = page.getByText("3 photos × 8 tokens = 24 tokens");
  await expect(price).toBeVisible();
  await expect(price.locator("..")).toContainText("you have 160");
  await page.getByLabel("Describe the new background").fill(PROMPT);
  await expectNoSeriousViolations(page);

  await page.getByRole("button", { name: "Generate all 3" }).click();
  // The suite asks for less motion (playwright.config.ts): the tiles' spinners stand still.
  const runningAnimations = () =>
    page.evaluate(() =>
      document.querySelector(".animate-spin")
        ? document.getAnimations().filter(({ playState }) => playState === "running").length
        : "no spinner shown",
    );
  await expect.poll(runningAnimations).toBe(0);
  await expect(page.getByText("All 3 done")).toBeVisible({ timeout: 3 * JOB_WAIT_MS });
  await expect(mainNav(page).getByText("136 tokens")).toBeVisible();
  for (const name of names) {
    const tile = page.getByRole("listitem", { name });
    const result = tile.getByRole("img", { name: `${name} with the new background` });
    // The result's thumbnail really loaded from the server.
    await expect
      .poll(() => result.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await expect(
      tile.getByRole("link", { name: `Open ${name} in the studio (new tab)` }),
    ).toHaveAttribute("href", /^\/\?record=[0-9a-f-]{36}$/);
  }
  await expectNoSeriousViolations(page);

  const downloadAll = page.getByRole("button", { name: "Download all (3)" });
  const file = await downloadBy(downloadAll);
  expect(file.suggestedFilename()).toBe("backdrop-images.zip");
  const entries = unzipSync(readFileSync((await file.path()) as string));
  // Each entry named after its photo's own file name and the scene (issue 28, point 3).
  const scene = "marble-counter-morning-light";
  expect(Object.keys(entries)).toEqual(names.map((name) => `${name.slice(0, -4)}__${scene}.png`));
  for (const bytes of Object.values(entries)) {
    expect(Buffer.from(bytes.subarray(0, PNG_SIGNATURE.length))).toEqual(PNG_SIGNATURE);
  }

  // In WebP, chosen beside Download all: every entry converted, the names kept.
  await page.getByRole("combobox", { name: "Download format" }).selectOption("WebP");
  const webp = unzipSync(readFileSync((await (await downloadBy(downloadAll)).path()) as string));
  expect(Object.keys(webp)).toEqual(names.map((name) => `${name.slice(0, -4)}__${scene}.webp`));
  for (const bytes of Object.values(webp)) expect(isWebp(bytes)).toBe(true);

  // One photo's result alone, in the format chosen, named the same way.
  const single = await downloadBy(
    page.getByRole("listitem", { name: "coffee-2.png" }).getByRole("button", {
      name: "Download coffee-2.png",
    }),
  );
  expect(single.suggestedFilename()).toBe(`coffee-2__${scene}.webp`);
  expect(isWebp(readFileSync((await single.path()) as string))).toBe(true);
});
