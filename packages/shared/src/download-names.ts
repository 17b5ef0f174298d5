/**
 * The words of a prompt as a download's name: lower case, accents dropped, joined by hyphens,
 * whole words up to `maxLength` characters (the first word cut when it alone is longer). The
 * gallery's downloads and the account export name their files with it.
 */
export function promptNameSlug(text: string, maxLength = 48): string {
  const words = text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let result = "";
  for (const word of words) {
    const next = result ? `${result}-${word}` : word;
    if (next.length > maxLength) break;
    result = next;
  }
  return result || words[0]?.slice(0, maxLength) || "";
}

/** Words a scene's name can do without: "on a marble counter" is a marble counter. */
const FILLER_WORDS = new Set(
  (
    "a an the on in at of with and or for to by from into onto over under near beside next " +
    "behind against its it is are some this that these very place put set sitting standing"
  ).split(" "),
);

/**
 * Words of a name, lower case, letters and digits of any script: a Latin letter's accents are
 * dropped ("crème" → "creme"), other scripts are kept as they are (a ZIP and filename* carry
 * them), everything else (spaces, dots, slashes, emoji, control characters) separates words.
 */
function nameWords(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/([a-z])\p{M}+/giu, "$1")
    .normalize("NFC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

const lengthOf = (text: string) => Array.from(text).length;

/** Whole words joined by hyphens up to `maxLength` characters; a lone long word is cut. */
function joinWithin(words: readonly string[], maxLength: number): string {
  let result = "";
  for (const word of words) {
    const next = result ? `${result}-${word}` : word;
    if (lengthOf(next) > maxLength) break;
    result = next;
  }
  return (
    result ||
    Array.from(words[0] ?? "")
      .slice(0, maxLength)
      .join("")
  );
}

/** A file name's last dot and what follows, when that looks like an extension. */
const EXTENSION = /\.[\p{L}\p{N}]{1,5}$/u;

/**
 * A photo's file name as the first part of a download's name: the folders and the extension
 * left off, words slugged, at most `maxLength` characters. Product codes are kept: when the
 * name is too long, its last word with three digits or more (a SKU) stays at the end.
 */
export function photoNameSlug(fileName: string, maxLength = 48): string {
  const base = fileName.split(/[/\\]/).pop() ?? "";
  const stem =
    EXTENSION.test(base) && base.search(EXTENSION) > 0 ? base.replace(EXTENSION, "") : base;
  const words = nameWords(stem);
  const whole = joinWithin(words, maxLength);
  if (lengthOf(whole) >= lengthOf(words.join("-"))) return whole;
  const code = words.findLast((word) => /\d{3,}/.test(word));
  if (!code || whole.split("-").includes(code) || lengthOf(code) > maxLength / 2) return whole;
  const room = maxLength - lengthOf(code) - 1;
  return `${joinWithin(
    words.filter((word) => word !== code),
    room,
  )}-${code}`;
}

/** A prompt as a scene's short name: up to `maxWords` words that say something. */
export function sceneNameSlug(prompt: string, maxWords = 4, maxLength = 32): string {
  const words = nameWords(prompt);
  const meaningful = words.filter((word) => !FILLER_WORDS.has(word));
  return joinWithin((meaningful.length > 0 ? meaningful : words).slice(0, maxWords), maxLength);
}

export type DownloadNameParts = {
  /** The upload's own file name, as the seller's computer had it; null when not known. */
  photoName: string | null | undefined;
  prompt: string | null | undefined;
  /** The take's number from 1, given only when the generation made several. */
  take?: number | null;
  /** What was done to the image: "upscaled-2x", "edit-1", "transparent". */
  suffix?: string | null;
  /** Without the dot: "png", "jpg", "webp". */
  extension: string;
};

/** Stands for the photo's name when the upload's is unknown or has no letter nor digit. */
const NAMELESS_PHOTO = "backdrop";

/**
 * A download's file name without its extension: the photo's name, the scene, the take and what
 * was done, each part apart by two underscores, e.g. `red-bottle-sku-1042__marble-counter__take-2`.
 */
export function downloadNameStem(parts: Omit<DownloadNameParts, "extension">): string {
  return [
    photoNameSlug(parts.photoName ?? "") || NAMELESS_PHOTO,
    sceneNameSlug(parts.prompt ?? ""),
    parts.take ? `take-${parts.take}` : "",
    parts.suffix ? nameWords(parts.suffix).join("-") : "",
  ]
    .filter(Boolean)
    .join("__");
}

/**
 * A download's file name (downloadNameStem and the extension), e.g.
 * `red-bottle-sku-1042__marble-counter__take-2.png`. The server's ZIPs and file downloads and
 * the web app's downloads all name files with it.
 */
export function downloadFileName(parts: DownloadNameParts): string {
  return `${downloadNameStem(parts)}.${parts.extension}`;
}

/**
 * The names made distinct, in order: a name met before (whatever its case, as some file systems
 * ignore it) gets "-2", "-3"… before its extension.
 */
export function distinctFileNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const dot = name.lastIndexOf(".");
    const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
    let candidate = name;
    for (let copy = 2; taken.has(candidate.toLowerCase()); copy += 1) {
      candidate = `${stem}-${copy}${extension}`;
    }
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}
