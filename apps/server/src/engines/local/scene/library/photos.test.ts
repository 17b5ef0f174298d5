import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { groundOf, PHOTOS, type PhotoId, photoPath } from "./photos.ts";

const FOLDER = fileURLToPath(new URL("../../../../../assets/scenes/", import.meta.url));
const ROOT_MODULES = fileURLToPath(new URL("../../../../../../../node_modules", import.meta.url));

/**
 * This module, installed under a folder whose name has a space (as a home folder may): the
 * library five folders above it holds the marble texture, and packages resolve as here.
 */
function installedUnderSpacedFolder(): { photos: string; remove(): void } {
  const base = mkdtempSync(join(tmpdir(), "backdrop photos "));
  const server = join(base, "my apps", "server");
  const library = join(server, "src", "engines", "local", "scene", "library");
  const scenes = join(server, "assets", "scenes");
  mkdirSync(library, { recursive: true });
  mkdirSync(scenes, { recursive: true });
  copyFileSync(fileURLToPath(new URL("./photos.ts", import.meta.url)), join(library, "photos.ts"));
  copyFileSync(join(FOLDER, "marble.jpg"), join(scenes, "marble.jpg"));
  symlinkSync(ROOT_MODULES, join(base, "node_modules"), "dir");
  return {
    photos: pathToFileURL(join(library, "photos.ts")).href,
    remove: () => rmSync(base, { recursive: true, force: true }),
  };
}

describe("the scene library's photographs", () => {
  it("ships each listed photo, and lists each shipped one, with its credit", () => {
    const shipped = readdirSync(FOLDER).filter((file) => file.endsWith(".jpg"));
    expect(shipped.map((file) => file.replace(/\.jpg$/, "")).sort()).toEqual(
      Object.keys(PHOTOS).sort(),
    );
    const credits = readFileSync(join(FOLDER, "CREDITS.md"), "utf8");
    for (const file of shipped) expect(credits, file).toContain(`| ${file} |`);
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

  it("records the average colour of each photograph's ground below its horizon", async () => {
    for (const id of Object.keys(PHOTOS) as PhotoId[]) {
      const ground = groundOf(id);
      if (!ground) continue;
      const photo: { height: number; horizonAt?: number } = PHOTOS[id];
      const path = fileURLToPath(photoPath(id));
      const { width = 0, height = 0 } = await sharp(path).metadata();
      const top = Math.round(height * (photo.horizonAt ?? 1));
      const below = await sharp(path)
        .extract({ left: 0, top, width, height: height - top })
        .removeAlpha()
        .raw()
        .toBuffer();
      const sums = [0, 0, 0];
      for (let i = 0; i < below.length; i++) sums[i % 3] = (sums[i % 3] ?? 0) + (below[i] ?? 0);
      sums.forEach((sum, c) => {
        const mean = sum / (below.length / 3);
        expect(Math.abs(mean - (ground[c] ?? 0)), `${id} ground ${c}`).toBeLessThan(2);
      });
    }
  });

  it("reads a texture from a folder whose path has a space", async () => {
    const installed = installedUnderSpacedFolder();
    try {
      const moved: typeof import("./photos.ts") = await import(installed.photos);
      const square = await moved.photoSquare("marble", 8);
      expect(square.length).toBe(8 * 8 * 3);
    } finally {
      installed.remove();
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
