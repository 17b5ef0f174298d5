/**
 * The browser leg of `npm run bench -- --product` (alone: `--studio`): the studio itself in
 * Chromium, timed from the press on Generate to the result on screen (the image decoded and
 * drawn, Download shown), so what the page costs while it waits (its progress, its timers, its
 * upload, the result's bytes) shows beside the engine's time. Needs the built web app
 * (`npm run build`) and Debian's Chromium; without either it says so and times nothing.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { median } from "../src/lib/bench-stats.ts";
import { WEB_DIST_DIR } from "../src/lib/paths.ts";
import type { Session } from "./product-client.ts";

/** Debian's Chromium, where `.ci/run` and the README install it. */
const CHROMIUM = "/usr/bin/chromium";

/** Marks the page's own times from the click (studio-marks.browser.js). */
const MARKS_SCRIPT = fileURLToPath(new URL("./studio-marks.browser.js", import.meta.url));

export type StudioPhoto = { name: string; bytes: Buffer; contentType: string; prompt: string };

/** The page's times from the click's event, in ms, and the result image's size in bytes. */
export type StudioMarks = {
  completedEvent?: number;
  download?: number;
  imageFetched?: number;
  imageBytes?: number;
  drawn?: number;
};

export type StudioSample = StudioMarks & {
  photo: string;
  /** From the driver's click to the frame after the result image was decoded. */
  clickToResultMs: number;
};

/** `name 812` for each mark the page took, in the order they happen. */
function describe(marks: StudioMarks): string {
  const order = ["completedEvent", "download", "imageFetched", "drawn"] as const;
  const times = order
    .filter((name) => marks[name] !== undefined)
    .map((name) => `${name} ${Math.round(marks[name] ?? 0)}`);
  const kib = marks.imageBytes ? `, image ${Math.round(marks.imageBytes / 1024)} KiB` : "";
  return `${times.join(", ")}${kib}`;
}

/** Why the leg cannot run here, or undefined when it can. */
function missing(): string | undefined {
  if (!existsSync(join(WEB_DIST_DIR, "index.html"))) return "no built web app (npm run build)";
  if (!existsSync(CHROMIUM)) return `no Chromium at ${CHROMIUM} (apt-get install chromium)`;
  return undefined;
}

/**
 * Presses Generate in the studio for each photo, `rounds` times, signed in as `user`, and
 * returns each press's time to the result on screen with the page's own marks; the first press
 * (page and thread warm-up) is not counted.
 */
export async function studioBrowserLeg(
  user: Session,
  photos: StudioPhoto[],
  log: (line: string) => void,
  rounds = 1,
): Promise<{ clickToResultMs: number; samples: StudioSample[] } | undefined> {
  const why = missing();
  if (why) {
    log(`studio in Chromium: not timed, ${why}`);
    return undefined;
  }
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies(
      user.cookie.split("; ").map((pair) => {
        const at = pair.indexOf("=");
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: user.base };
      }),
    );
    await context.addInitScript({ path: MARKS_SCRIPT });
    const page = await context.newPage();
    const samples: StudioSample[] = [];
    const presses = [photos[0], ...Array.from({ length: rounds }, () => photos).flat()];
    for (const [index, photo] of presses.entries()) {
      if (!photo) continue;
      await page.goto(`${user.base}/`);
      await page.locator('input[type="file"]').first().setInputFiles({
        name: photo.name,
        mimeType: photo.contentType,
        buffer: photo.bytes,
      });
      await page.getByLabel("Describe the new background").fill(photo.prompt);
      await page.getByText(/This photo costs/).waitFor();
      // As a seller typing the prompt would: the photo went up when picked, its subject is cut.
      await page.getByText("Subject ready").waitFor({ timeout: 120_000 });
      // The button found and ready first, then pressed as a hand would: the time is the
      // product's, not the driver's checks of the button.
      const generate = page.getByRole("button", { name: "Generate", exact: true });
      await generate.click({ trial: true });
      const box = await generate.boundingBox();
      if (!box) throw new Error("Generate is not on screen");
      const started = performance.now();
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      // Polled every frame: a locator's wait retries at 100 then 500 ms steps, which once
      // added up to half a second to what the seller waits.
      await page.waitForFunction(
        () =>
          (globalThis as unknown as { __studioBench: { marks: StudioMarks } }).__studioBench.marks
            .drawn !== undefined,
        undefined,
        { timeout: 120_000, polling: "raf" },
      );
      const ms = performance.now() - started;
      await page.getByRole("button", { name: "Download" }).waitFor({ timeout: 10_000 });
      const marks = await page.evaluate(
        () =>
          (globalThis as unknown as { __studioBench: { marks: StudioMarks } }).__studioBench.marks,
      );
      log(
        `studio ${photo.name}: click to result ${Math.round(ms)} ms (in the page: ${describe(marks)})${index === 0 ? " (warm-up)" : ""}`,
      );
      if (index > 0)
        samples.push({
          photo: photo.name,
          clickToResultMs: ms,
          ...marks,
        });
    }
    return {
      clickToResultMs: median(samples.map((s) => s.clickToResultMs)),
      samples,
    };
  } finally {
    await browser.close();
  }
}
