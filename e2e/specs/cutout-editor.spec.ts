import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { mainNav } from "./accounts.ts";
import { COFFEE, JOB_WAIT_MS, logInAsNewPro, photoInput } from "./studio.ts";

const isUpload = (url: string, method: string) =>
  method === "POST" && new URL(url).pathname === "/api/fal/upload";

type Grey = { data: Buffer; width: number; height: number };

/** The upload's mask as the server has it, one grey byte a pixel. */
async function maskOf(page: Page, recordId: string): Promise<Grey> {
  const answer = await page.request.get(`/api/fal/uploads/${recordId}/mask`);
  expect(answer.status()).toBe(200);
  const { data, info } = await sharp(Buffer.from(await answer.body()))
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const at = (mask: Grey, x: number, y: number) => mask.data[y * mask.width + x] as number;

test("the seller erases a stroke across the cut-out and saves it: the upload's mask changes, free", async ({
  page,
  request,
}) => {
  test.setTimeout(JOB_WAIT_MS + 60_000);
  await logInAsNewPro(page, request, "cutout-editor");
  const uploaded = page.waitForResponse((answer) =>
    isUpload(answer.url(), answer.request().method()),
  );
  await photoInput(page).setInputFiles(COFFEE);
  const { savedBaseImage } = (await (await uploaded).json()) as { savedBaseImage: { _id: string } };
  const refine = page.getByRole("button", { name: "Refine cut-out" });
  await expect(refine).toBeEnabled({ timeout: JOB_WAIT_MS });
  const before = await maskOf(page, savedBaseImage._id);
  expect([before.width, before.height]).toEqual([600, 400]);

  await refine.click();
  const dialog = page.getByRole("dialog", { name: "Refine cut-out" });
  await expect(dialog.getByRole("button", { name: "Erase" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  const save = dialog.getByRole("button", { name: "Save cut-out" });
  await expect(save).toBeEnabled();
  const canvas = dialog.getByRole("img", { name: /cut-out/ });
  const box = await canvas.boundingBox();
  if (!box) throw new Error("the canvas is not on screen");
  // across the middle, from a tenth of the width to nine tenths
  const middle = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.1, middle);
  await page.mouse.down();
  for (let step = 1; step <= 8; step += 1) {
    await page.mouse.move(box.x + box.width * (0.1 + 0.1 * step), middle);
  }
  await page.mouse.up();
  await expect(dialog.getByRole("button", { name: "Undo" })).toBeEnabled();
  await save.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("img", { name: "Refined cut-out of coffee.png" })).toBeVisible();
  await expect(mainNav(page).getByText("160 tokens")).toBeVisible();

  const after = await maskOf(page, savedBaseImage._id);
  const stroke = Array.from({ length: 47 }, (_, step) => at(after, 70 + step * 10, 200));
  expect(stroke.filter((value) => value !== 0)).toEqual([]);
  // what was kept away from the stroke is kept still
  const keptAway: number[] = [];
  for (let index = 0; index < before.data.length; index += 1) {
    const y = Math.floor(index / before.width);
    if ((before.data[index] as number) >= 200 && Math.abs(y - 200) > 40) keptAway.push(index);
  }
  expect(keptAway.length).toBeGreaterThan(100);
  expect(keptAway.filter((index) => after.data[index] === 0)).toEqual([]);
});
