import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, type Request, test } from "@playwright/test";
import sharp from "sharp";
import { createVerifiedUser, logIn, mainNav } from "./accounts.ts";
import { COFFEE, expectNoSeriousViolations, logInAsNewPro, photoInput } from "./studio.ts";

/** coffee.png as an iPhone would save it: see e2e/fixtures/README.md. */
const COFFEE_HEIC = join(import.meta.dirname, "..", "fixtures", "coffee.heic");

const MESSAGES = {
  notAnImage: "Please select an image file (JPEG, PNG, etc.)",
  tooLarge: "Oops! Your image is too large. Maximum size allowed is 2048 x 2048 pixels.",
  damaged: "This image is damaged and can't be opened. Please try another copy of the photo.",
  previewFailed: "Failed to display image preview",
  tiff: "TIFF files can't be used here. Please save the photo as JPEG or PNG and try again.",
  small:
    "This photo is only 64 × 43 px, so your result will be just as small: 64 × 43 px. A photo at least 400 px on its shorter side gives a sharper result.",
};

const photoNotice = (page: Page) => page.locator("#studio-photo-error");
const preview = (page: Page, name: string) => page.getByRole("img", { name: `Preview of ${name}` });
const isUpload = (request: Request) =>
  request.method() === "POST" && new URL(request.url()).pathname === "/api/fal/upload";

/** Counts the photo uploads the page sends from now on. */
function countUploads(page: Page) {
  const uploads: Request[] = [];
  page.on("request", (request) => {
    if (isUpload(request)) uploads.push(request);
  });
  return uploads;
}

/** The height of the red band along the top of the phone photo, as the seller sees it. */
const BAND = 400;

/**
 * A phone camera's photo of the cup, held upright: the sensor's 4032 × 3024 pixels lie on their
 * side, and the EXIF orientation tag 6 says to turn them a quarter clockwise, to 3024 × 4032.
 * A red band marks the top of the picture as seen.
 */
async function phonePhoto(): Promise<Buffer> {
  const upright = await sharp(COFFEE)
    .resize(3024, 4032, { fit: "cover" })
    .composite([
      {
        input: { create: { width: 3024, height: BAND, channels: 3, background: "#ff0000" } },
        top: 0,
        left: 0,
      },
    ])
    .png()
    .toBuffer();
  const photo = await sharp(upright)
    .rotate(270)
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  const stored = await sharp(photo).metadata();
  expect([stored.width, stored.height, stored.orientation]).toEqual([4032, 3024, 6]);
  return photo;
}

async function meanColour(image: Buffer, top: number) {
  // stats() reads its input as it is, so the strip is cut out first.
  const strip = await sharp(image).extract({ left: 600, top, width: 300, height: 60 }).toBuffer();
  const { channels } = await sharp(strip).stats();
  const [red = 0, green = 0, blue = 0] = channels.map((channel) => channel.mean);
  return { red, green, blue };
}

test("a phone photo over 2048 px is resized to fit in one click, upright, and uploaded within the limits", async ({
  page,
  request,
}) => {
  await logIn(page, await createVerifiedUser(request, "camera-resize"));
  await photoInput(page).setInputFiles({
    name: "IMG_4032.jpg",
    mimeType: "image/jpeg",
    buffer: await phonePhoto(),
  });
  await expect(photoNotice(page)).toContainText(MESSAGES.tooLarge);
  await expectNoSeriousViolations(page);
  const uploads = countUploads(page);

  const uploaded = page.waitForResponse((response) => isUpload(response.request()));
  await photoNotice(page).getByRole("button", { name: "Resize to fit" }).click();
  await expect(preview(page, "IMG_4032.jpg")).toBeVisible();
  await expect(page.getByText("1536 × 2048 px")).toBeVisible();
  await expect(photoNotice(page)).toHaveText("");

  const answer = await uploaded;
  expect(answer.status()).toBe(200);
  expect(uploads).toHaveLength(1);
  const { url } = (await answer.json()) as { url: string };
  const stored = Buffer.from(await (await page.request.get(url)).body());
  const meta = await sharp(stored).metadata();
  expect([meta.width, meta.height]).toEqual([1536, 2048]);
  expect(meta.orientation ?? 1).toBe(1);
  // The band the seller saw at the top is still at the top, at half the size.
  const band = await meanColour(stored, 40);
  expect(band.red).toBeGreaterThan(200);
  expect(band.green).toBeLessThan(60);
  const below = await meanColour(stored, BAND / 2 + 100);
  expect(below.red - below.green).toBeLessThan(120);
});

test("an iPhone HEIC photo is converted in the browser and taken, with nothing fetched from elsewhere", async ({
  page,
  request,
}) => {
  await logIn(page, await createVerifiedUser(request, "camera-heic"));
  const origin = new URL(page.url()).origin;
  const elsewhere: string[] = [];
  page.on("request", (sent) => {
    const url = new URL(sent.url());
    if (url.origin !== origin && url.protocol !== "data:" && url.protocol !== "blob:") {
      elsewhere.push(sent.url());
    }
  });
  // The decoder's code is held back until the studio has said what it is doing.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/heic-convert-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });

  const uploaded = page.waitForResponse((response) => isUpload(response.request()));
  await photoInput(page).setInputFiles(COFFEE_HEIC);
  await expect(
    page.getByRole("status").filter({ hasText: "Converting iPhone photo…" }),
  ).toBeVisible();
  release();

  await expect(preview(page, "coffee.jpg")).toBeVisible();
  await expect(page.getByText("600 × 400 px")).toBeVisible();
  await expect(page.getByText(/This photo costs 8 tokens/)).toBeVisible();
  await expect(photoNotice(page)).toHaveText("");
  const answer = await uploaded;
  expect(answer.status()).toBe(200);
  const { url } = (await answer.json()) as { url: string };
  const stored = await sharp(Buffer.from(await (await page.request.get(url)).body())).metadata();
  expect([stored.format, stored.width, stored.height]).toEqual(["jpeg", 600, 400]);
  expect(elsewhere).toEqual([]);
});

test("a text file named .jpg is called not an image, and only that", async ({ page }) => {
  await page.goto("/");
  await photoInput(page).setInputFiles({
    name: "photo.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("Shopping list: lemons, basil, a marble board.\n"),
  });
  await expect(photoNotice(page)).toHaveText(MESSAGES.notAnImage);
  await expect(page.getByText(MESSAGES.previewFailed)).toHaveCount(0);
  await expect(page.getByRole("img", { name: /^Preview of/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Resize to fit" })).toHaveCount(0);
});

test("a TIFF is named as a format the studio cannot read", async ({ page }) => {
  await page.goto("/");
  await photoInput(page).setInputFiles({
    name: "scan.tif",
    mimeType: "image/tiff",
    buffer: await sharp(COFFEE).tiff().toBuffer(),
  });
  await expect(photoNotice(page)).toHaveText(MESSAGES.tiff);
  await expect(page.getByRole("img", { name: /^Preview of/ })).toHaveCount(0);
});

test("a JPEG whose bytes do not decode is called damaged", async ({ page }) => {
  const jpeg = await sharp(COFFEE).jpeg().toBuffer();
  await page.goto("/");
  await photoInput(page).setInputFiles({
    name: "cup.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.concat([jpeg.subarray(0, 300), Buffer.alloc(20_000, 0x55)]),
  });
  await expect(photoNotice(page)).toHaveText(MESSAGES.damaged);
  await expect(page.getByText(MESSAGES.previewFailed)).toHaveCount(0);
  await expect(page.getByRole("img", { name: /^Preview of/ })).toHaveCount(0);
});

test("a tiny photo is warned about before anything is uploaded or charged: Cancel drops it, Continue takes it", async ({
  page,
  request,
}) => {
  const tiny = await sharp(readFileSync(COFFEE)).resize(64, 43, { fit: "fill" }).png().toBuffer();
  const file = { name: "thumb.png", mimeType: "image/png", buffer: tiny };
  await logInAsNewPro(page, request, "camera-tiny");
  const uploads = countUploads(page);
  const jobs: string[] = [];
  page.on("request", (sent) => {
    if (sent.method() === "POST" && sent.url().includes("/api/fal/process")) jobs.push(sent.url());
  });
  await page.getByLabel("Describe the new background").fill("on a marble counter");

  await photoInput(page).setInputFiles(file);
  await expect(photoNotice(page)).toContainText(MESSAGES.small);
  await expectNoSeriousViolations(page);
  // Not the chosen photo yet: Generate takes the seller back to the photo and starts nothing.
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  await expect(photoInput(page)).toBeFocused();
  await expect(photoNotice(page)).toContainText(MESSAGES.small);
  await photoNotice(page).getByRole("button", { name: "Cancel" }).click();
  await expect(photoNotice(page)).not.toContainText(MESSAGES.small);
  await expect(page.getByRole("img", { name: /^Preview of/ })).toHaveCount(0);
  await expect(mainNav(page).getByText("160 tokens")).toBeVisible();
  expect(uploads).toHaveLength(0);
  expect(jobs).toHaveLength(0);

  await photoInput(page).setInputFiles(file);
  const uploaded = page.waitForResponse((response) => isUpload(response.request()));
  await photoNotice(page).getByRole("button", { name: "Continue" }).click();
  await expect(preview(page, "thumb.png")).toBeVisible();
  await expect(page.getByText("64 × 43 px ·")).toBeVisible();
  await expect(page.getByText(/This photo costs/)).toBeVisible();
  expect((await uploaded).status()).toBe(200);
  expect(uploads).toHaveLength(1);
});
