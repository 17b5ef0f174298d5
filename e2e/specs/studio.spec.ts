import { readFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { expect, type Page, test } from "@playwright/test";
import { createVerifiedUser, fillLogin, logIn, mainNav } from "./accounts.ts";
import {
  COFFEE,
  downloadBy,
  expectNoSeriousViolations,
  JOB_WAIT_MS,
  logInAsNewPro,
  photoInput,
} from "./studio.ts";

const MESSAGES = {
  editTargetsSubject: "Backdrop changes the scene around your subject, not the subject itself.",
  notAnImage: "Please select an image file (JPEG, PNG, etc.)",
  tooLarge: "Oops! Your image is too large. Maximum size allowed is 2048 x 2048 pixels.",
};

const PROMPT = "on a marble counter, morning light";

const prompt = (page: Page) => page.getByLabel("Describe the new background");
const generate = (page: Page) => page.getByRole("button", { name: "Generate", exact: true });
const resultImage = (page: Page) =>
  page.getByRole("img", { name: /^Your photo with the new background/ });

async function fillStudio(page: Page) {
  await photoInput(page).setInputFiles(COFFEE);
  await expect(page.getByText("600 × 400 px")).toBeVisible();
  await prompt(page).fill(PROMPT);
}

/** Waits, as long as a job may take, for the result's Download button, and returns it. */
async function awaitDownloadButton(page: Page) {
  const download = page.getByRole("button", { name: "Download" });
  await expect(download).toBeVisible({ timeout: JOB_WAIT_MS });
  return download;
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
  await logInAsNewPro(page, request, "studio");

  await fillStudio(page);
  await expect(page.getByText(/This photo costs 8 tokens/)).toBeVisible();
  await generate(page).click();
  const result = page.getByRole("region", { name: "Result" });
  const download = await awaitDownloadButton(page);
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

  const file = await downloadBy(download);
  // Named after the photo's own file name and the scene (issue 28, point 3).
  expect(file.suggestedFilename()).toBe("coffee__marble-counter-morning-light__edited.png");
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

test("the Square size makes a square result at the size and price the picker showed", async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await logInAsNewPro(page, request, "studio-square");

  await fillStudio(page);
  await page.getByRole("button", { name: /^Size/ }).click();
  const square = page.getByRole("radio", { name: /^Square/ });
  await square.check();
  // outputSize(600, 400, "1:1"): the photo's long side, held at its 1024 px floor, squared.
  await expect(square).toHaveAccessibleDescription("Marketplace listing 1024 × 1024 16 tokens");
  await expect(page.getByText(/This photo costs 16 tokens/)).toBeVisible();
  await generate(page).click();
  await awaitDownloadButton(page);
  await expect(mainNav(page).getByText("144 tokens")).toBeVisible();

  const image = resultImage(page);
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
    .toEqual([1024, 1024]);
  await expect(page.getByText("1024 × 1024 px")).toBeVisible();
});

type TakesRecord = { processedImage: { url: string } | null; variations: { url: string }[] };

/** The studio's record as the server answers it, and a file's bytes, asked from the page. */
const recordOf = (page: Page, recordId: string) =>
  page.evaluate(
    async (id) => (await (await fetch(`/api/fal/images/${id}`)).json()) as TakesRecord,
    recordId,
  );
const bytesOf = async (page: Page, url: string) =>
  Buffer.from(
    await page.evaluate(
      async (path) => [...new Uint8Array(await (await fetch(path)).arrayBuffer())],
      url,
    ),
  );

test("two takes of one photo: the second, once chosen, is shown, downloaded and kept", async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await logInAsNewPro(page, request, "studio-takes");

  await fillStudio(page);
  await page.getByRole("radio", { name: "2 takes" }).check();
  await expect(page.getByText(/2 takes × 8 tokens = 16 tokens/)).toBeVisible();
  await generate(page).click();
  const download = await awaitDownloadButton(page);
  await expect(mainNav(page).getByText("144 tokens")).toBeVisible();

  const takes = page.getByRole("list", { name: /^Takes/ }).getByRole("button");
  await expect(takes).toHaveCount(2);
  await expect(takes.first()).toHaveAttribute("aria-pressed", "true");
  const recordId = new URL(page.url()).searchParams.get("record") as string;
  const { variations } = await recordOf(page, recordId);
  const [first, second] = variations.map((take) => take.url) as [string, string];
  const image = resultImage(page);
  // The stage shows each take's display copy (a WebP sized for the screen); downloads the take.
  await expect(image).toHaveAttribute("src", `${first}?size=display`);
  // Each take has its own seed: a different picture, not the same file twice.
  expect((await bytesOf(page, first)).equals(await bytesOf(page, second))).toBe(false);

  await takes.nth(1).click();

  await expect(takes.nth(1)).toHaveAttribute("aria-pressed", "true");
  await expect(image).toHaveAttribute("src", `${second}?size=display`);
  expect((await recordOf(page, recordId)).processedImage?.url).toBe(second);
  const chosen = await downloadBy(download);
  // Each take downloads under a name of its own, the photo's and the scene's (issue 28, point 3).
  expect(chosen.suggestedFilename()).toBe("coffee__marble-counter-morning-light__take-2.png");
  const file = readFileSync((await chosen.path()) as string);
  expect(file.equals(await bytesOf(page, second))).toBe(true);

  // In JPEG, chosen beside Download and remembered: the server converts it.
  await page.getByRole("combobox", { name: "Download format" }).selectOption("JPEG");
  const jpeg = await downloadBy(download);
  expect(jpeg.suggestedFilename()).toBe("coffee__marble-counter-morning-light__take-2.jpg");
  const jpegBytes = readFileSync((await jpeg.path()) as string);
  expect(jpegBytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Download format" })).toHaveValue("jpeg", {
    timeout: JOB_WAIT_MS,
  });
});

/** What a PNG's pixels hold: its size and how many are fully transparent or fully opaque. */
async function pngAlpha(page: Page, png: Buffer) {
  // Decoded by the browser from the bytes themselves: no request, so the page's CSP is no matter.
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }), {
      premultiplyAlpha: "none",
      colorSpaceConversion: "none",
    });
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext("2d") as OffscreenCanvasRenderingContext2D;
    context.drawImage(bitmap, 0, 0);
    const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    let transparent = 0;
    let opaque = 0;
    for (let alpha = 3; alpha < data.length; alpha += 4) {
      if (data[alpha] === 0) transparent += 1;
      else if (data[alpha] === 255) opaque += 1;
    }
    return { width: bitmap.width, height: bitmap.height, transparent, opaque };
  }, png.toString("base64"));
}

test("the subject is cut out once the photo is picked, and the result offers it as a transparent PNG", async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await logInAsNewPro(page, request, "studio-cutout");

  await fillStudio(page);
  await expect(page.getByText("Subject ready")).toBeVisible({ timeout: JOB_WAIT_MS });
  await generate(page).click();
  await awaitDownloadButton(page);

  const file = await downloadBy(page.getByRole("button", { name: "Transparent PNG" }));
  expect(file.suggestedFilename()).toBe("coffee__marble-counter-morning-light__transparent.png");
  const png = readFileSync((await file.path()) as string);
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  // The upload's size, 600 × 400, with the subject opaque on a see-through background.
  const pixels = await pngAlpha(page, png);
  expect(pixels).toMatchObject({ width: 600, height: 400 });
  expect(pixels.transparent).toBeGreaterThan(0);
  expect(pixels.opaque).toBeGreaterThan(0);
});

test("a generation survives a reload: the address names it and the result comes back", async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await logInAsNewPro(page, request, "studio-reload");

  await fillStudio(page);
  await generate(page).click();
  await expect(page).toHaveURL(/\?record=[0-9a-f-]{36}$/, { timeout: 30_000 });
  // Leaving the page while the job runs loses nothing: the reload watches it to its end.
  await page.reload();
  await awaitDownloadButton(page);
  await expect(resultImage(page)).toHaveAttribute("src", /\/api\/files\/.+\.png\?size=display$/);
  await expect(mainNav(page).getByText("152 tokens")).toBeVisible();

  // The gallery opens it again in the studio…
  const gallery = mainNav(page).getByRole("link", { name: "Gallery" });
  const generated = page.getByRole("tabpanel");
  await gallery.click();
  await generated.getByRole("button", { name: new RegExp(`^Generated image: ${PROMPT}`) }).click();
  const viewer = page.getByRole("dialog", { name: "Generated image" });
  await viewer.getByRole("link", { name: "Open in studio" }).click();
  await expect(page).toHaveURL(/\/\?record=[0-9a-f-]{36}&image=/);
  await expect(resultImage(page)).toHaveAttribute("src", /\/api\/files\/.+\.png\?size=display$/);
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
