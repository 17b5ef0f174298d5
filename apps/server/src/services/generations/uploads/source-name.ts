/** Longer names are cut: enough for any product title, bounded for the database and headers. */
export const SOURCE_NAME_MAX_LENGTH = 120;

/**
 * The upload's file name as the browser sent it, kept only to name downloads after: the folders
 * some browsers send left off, control and direction-changing characters dropped, at most
 * SOURCE_NAME_MAX_LENGTH characters. It is never used as a path. Null when nothing is left.
 */
export function cleanSourceName(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const base = raw.split(/[/\\]/).pop() ?? "";
  const cleaned = base
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}\p{Co}\p{Cs}]+/gu, "")
    .trim();
  const bounded = Array.from(cleaned).slice(0, SOURCE_NAME_MAX_LENGTH).join("").trim();
  return bounded || null;
}
