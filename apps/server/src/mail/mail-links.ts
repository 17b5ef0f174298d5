import { unescapeHtml } from "../lib/html.ts";

const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
const BARE_URL = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?'")\]}]+$/;

/** Drops sentence punctuation after a URL, keeping a closing parenthesis that has its opener. */
function trimUrl(url: string): string {
  let trimmed = url;
  for (;;) {
    const match = TRAILING_PUNCTUATION.exec(trimmed);
    if (!match) return trimmed;
    const last = trimmed.slice(-1);
    const opens = trimmed.split("(").length - 1;
    const closes = trimmed.split(")").length - 1;
    if (last === ")" && opens >= closes) return trimmed;
    trimmed = trimmed.slice(0, -1);
  }
}

/**
 * The links of a mail, in order of appearance and without duplicates: the href values of
 * its HTML body, then the http(s) URLs written out in its text body.
 */
export function extractLinks(text: string, html?: string | null): string[] {
  const links = new Set<string>();
  for (const match of (html ?? "").matchAll(HREF)) {
    const href = unescapeHtml((match[1] ?? match[2] ?? "").trim());
    if (href) links.add(href);
  }
  for (const match of text.matchAll(BARE_URL)) {
    links.add(trimUrl(match[0]));
  }
  return [...links];
}
