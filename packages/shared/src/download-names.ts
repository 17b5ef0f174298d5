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
