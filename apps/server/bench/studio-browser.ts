/**
 * The browser leg of `npm run bench -- --product`: the studio itself in Chromium, timed from
 * the press on Generate to the result on screen, so what the page costs while it waits (its
 * progress, its timers, its upload) shows beside the engine's time. Needs the built web app
 * (`npm run build`) and Debian's Chromium; without either it says so and times nothing.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { median } from "../src/lib/bench-stats.ts";
import { WEB_DIST_DIR } from "../src/lib/paths.ts";
import type { Session } from "./product-client.ts";

/** Debian's Chromium, where `.ci/run` and the README install it. */
const CHROMIUM = "/usr/bin/chromium";

export type StudioPhoto = { name: string; bytes: Buffer; contentType: string; prompt: string };

/** Why the leg cannot run here, or undefined when it can. */
function missing(): string | undefined {
  if (!existsSync(join(WEB_DIST_DIR, "index.html"))) return "no built web app (npm run build)";
  if (!existsSync(CHROMIUM)) return `no Chromium at ${CHROMIUM} (apt-get install chromium)`;
  return undefined;
}

/**
 * Presses Generate in the studio for each photo, signed in as `user`, and returns each press's
 * time to the result on screen; the first press (page and thread warm-up) is not counted.
 */
export async function studioBrowserLeg(
  user: Session,
  photos: StudioPhoto[],
  log: (line: string) => void,
): Promise<{ clickToResultMs: number; samples: number[] } | undefined> {
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
    const page = await context.newPage();
    const samples: number[] = [];
    for (const [index, photo] of [photos[0], ...photos].entries()) {
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
      const started = performance.now();
      await page.getByRole("button", { name: "Generate", exact: true }).click();
      await page.getByRole("button", { name: "Download" }).waitFor({ timeout: 120_000 });
      const ms = performance.now() - started;
      log(
        `studio ${photo.name}: click to result ${Math.round(ms)} ms${index === 0 ? " (warm-up)" : ""}`,
      );
      if (index > 0) samples.push(ms);
    }
    return { clickToResultMs: median(samples), samples };
  } finally {
    await browser.close();
  }
}
