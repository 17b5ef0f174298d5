import { describe, expect, it } from "vitest";
import { extractLinks } from "./mail-links.ts";

describe("extractLinks", () => {
  it("reads href values, decoding entities", () => {
    const html = `<a href="https://app.test/verify?token=abc&amp;next=%2F">Verify</a> <a href='http://x.test/b'>b</a>`;
    expect(extractLinks("", html)).toEqual([
      "https://app.test/verify?token=abc&next=%2F",
      "http://x.test/b",
    ]);
  });

  it("finds bare URLs in text and drops sentence punctuation", () => {
    const text = "Open https://app.test/reset?token=1&x=2. Or (see http://docs.test/page), thanks!";
    expect(extractLinks(text)).toEqual([
      "https://app.test/reset?token=1&x=2",
      "http://docs.test/page",
    ]);
  });

  it("keeps a closing parenthesis that belongs to the URL", () => {
    expect(extractLinks("Read https://en.wikipedia.org/wiki/Foo_(bar).")).toEqual([
      "https://en.wikipedia.org/wiki/Foo_(bar)",
    ]);
  });

  it("lists each link once, html first", () => {
    const html = '<a href="https://app.test/a">a</a>';
    expect(extractLinks("https://app.test/a and https://app.test/b", html)).toEqual([
      "https://app.test/a",
      "https://app.test/b",
    ]);
  });

  it("ignores text without links", () => {
    expect(extractLinks("no links here, not even www.example.com", null)).toEqual([]);
  });
});
