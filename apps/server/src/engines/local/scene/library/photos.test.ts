import { existsSync, readdirSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PHOTOS, type PhotoId, photoPath } from "./photos.ts";

const FOLDER = fileURLToPath(new URL("../../../../../assets/scenes/", import.meta.url));

describe("the scene library's photographs", () => {
  it("ships each listed photo, and lists each shipped one, with its credit", () => {
    const shipped = readdirSync(FOLDER).filter((file) => file.endsWith(".jpg"));
    expect(shipped.map((file) => file.replace(/\.jpg$/, "")).sort()).toEqual(
      Object.keys(PHOTOS).sort(),
    );
    const credits = readdirSync(FOLDER).includes("CREDITS.md");
    expect(credits).toBe(true);
  });

  it("records each photo's true size and average colour", async () => {
    for (const id of Object.keys(PHOTOS) as PhotoId[]) {
      const path = fileURLToPath(photoPath(id));
      expect(existsSync(path)).toBe(true);
      const { channels } = await sharp(path).stats();
      const meta = await sharp(path).metadata();
      const photo = PHOTOS[id];
      expect([meta.width, meta.height], id).toEqual([photo.width, photo.height]);
      channels.slice(0, 3).forEach((channel, c) => {
        expect(Math.abs(channel.mean - (photo.mean[c] ?? 0)), `${id} channel ${c}`).toBeLessThan(2);
      });
    }
  });

  it("stays well under the 60 MB the product may ship", () => {
    const bytes = readdirSync(FOLDER).reduce(
      (sum, file) => sum + statSync(`${FOLDER}${file}`).size,
      0,
    );
    expect(bytes).toBeLessThan(60 * 1024 * 1024);
  });
});
