import { expect, type Locator, type Page, test } from "@playwright/test";
import { mainNav } from "./accounts.ts";
import { COFFEE, JOB_WAIT_MS, logInAsNewPro } from "./studio.ts";

/** Tab stops a page may hold before the one sought; more means it is not reachable. */
const MAX_TAB_STOPS = 80;

const isFocused = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement);

/** Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, backwards = false) {
  for (let stop = 0; stop < MAX_TAB_STOPS; stop += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  throw new Error(`No Tab stop reached ${target}`);
}

/** The focused control shows a ring: a solid outline of 2px or more, not in its own fill. */
async function expectFocusRing(target: Locator) {
  const ring = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      visible: element.matches(":focus-visible"),
      style: style.outlineStyle,
      width: Number.parseFloat(style.outlineWidth),
      color: style.outlineColor,
      fill: style.backgroundColor,
    };
  });
  expect(ring.visible).toBe(true);
  expect(ring.style).toBe("solid");
  expect(ring.width).toBeGreaterThanOrEqual(2);
  expect(ring.color).not.toBe(ring.fill);
}

test("upload, prompt, Generate, download, edit and upscale with the keyboard alone", async ({
  page,
  request,
}) => {
  test.setTimeout(480_000);
  await logInAsNewPro(page, request, "keyboard");
  await page.goto("/");
  await expect(mainNav(page).getByText("160 tokens")).toBeVisible();

  // The header's Top Up shows where the focus is.
  const topUp = mainNav(page).getByRole("link", { name: "Top Up" });
  await tabTo(page, topUp);
  await expectFocusRing(topUp);

  // The photo: Enter on the picker opens the file chooser.
  const picker = page.locator('input[type="file"]').first();
  await tabTo(page, picker);
  const chooser = page.waitForEvent("filechooser");
  await page.keyboard.press("Enter");
  await (await chooser).setFiles(COFFEE);
  await expect(page.getByText("600 × 400 px")).toBeVisible();

  const prompt = page.getByLabel("Describe the new background");
  await tabTo(page, prompt);
  await page.keyboard.type("on a marble counter, morning light");

  const generate = page.getByRole("button", { name: "Generate", exact: true });
  await tabTo(page, generate);
  await expectFocusRing(generate);
  await page.keyboard.press("Enter");

  // Focus follows the job to the result, which says when it is done.
  const result = page.getByRole("region", { name: "Result" });
  await expect(result).toBeFocused();
  const download = result.getByRole("button", { name: "Download" });
  await expect(download).toBeVisible({ timeout: JOB_WAIT_MS });
  await expect(page.locator("#studio-announcer")).toHaveText("Your result is ready.");

  await tabTo(page, download);
  await expectFocusRing(download);
  const saved = page.waitForEvent("download");
  await page.keyboard.press("Enter");
  expect((await saved).suggestedFilename()).toMatch(/\.png$/);

  // Edit with AI: the editor takes the focus, and gives it back when saved.
  const edit = result.getByRole("button", { name: "Edit with AI" });
  await tabTo(page, edit);
  await page.keyboard.press("Enter");
  const editor = page.getByRole("dialog", { name: "Edit with AI" });
  await expect(editor).toBeVisible();
  const instruction = editor.getByLabel("Describe your edit");
  await tabTo(page, instruction);
  await page.keyboard.type("make it black and white");
  await tabTo(page, editor.getByRole("button", { name: "Edit Image" }));
  await page.keyboard.press("Enter");
  await expect(editor.getByRole("button", { name: /^Undo/ })).toBeEnabled({
    timeout: JOB_WAIT_MS,
  });
  await tabTo(page, editor.getByRole("button", { name: "Done Editing - Save and Close" }));
  await page.keyboard.press("Enter");
  await expect(editor).toBeHidden();
  await expect(result.getByText("Edited with AI")).toBeVisible();
  await expect(edit).toBeFocused();

  // Upscale 2x sits before Edit with AI.
  await tabTo(page, result.getByRole("button", { name: "Upscale 2x" }), true);
  await page.keyboard.press("Space");
  await expect(result.getByRole("button", { name: "Revert Upscale" })).toBeVisible({
    timeout: JOB_WAIT_MS,
  });
  await expect(mainNav(page).getByText("148 tokens")).toBeVisible();
});
