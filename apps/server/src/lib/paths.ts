import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

function isWorkspaceRoot(dir: string): boolean {
  const manifest = join(dir, "package.json");
  if (!existsSync(manifest)) return false;
  try {
    const parsed: unknown = JSON.parse(readFileSync(manifest, "utf8"));
    return typeof parsed === "object" && parsed !== null && "workspaces" in parsed;
  } catch {
    return false;
  }
}

/**
 * The repository root: the nearest folder above this file whose package.json declares
 * workspaces. Relative paths in the configuration are resolved against it, because
 * `npm start -w` runs the server with apps/server as its working directory.
 */
function findRepoRoot(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (let dir = here; ; dir = dirname(dir)) {
    if (isWorkspaceRoot(dir)) return dir;
    if (dirname(dir) === dir) break;
  }
  // apps/server/src/lib → four levels up, if the manifest could not be found.
  return resolve(here, "../../../..");
}

export const REPO_ROOT = findRepoRoot();

export function fromRepoRoot(path: string): string {
  return resolve(REPO_ROOT, path);
}

export const WEB_DIST_DIR = fromRepoRoot("apps/web/dist");
