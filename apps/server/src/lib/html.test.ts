import { describe, expect, it } from "vitest";
import { escapeHtml, unescapeHtml } from "./html.ts";

describe("escapeHtml", () => {
  it("escapes the characters that open markup or leave an attribute", () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'y'`)).toBe(
      "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;",
    );
  });

  it("escapes an ampersand once, so entities typed by the user stay visible", () => {
    expect(escapeHtml("&lt;")).toBe("&amp;lt;");
    expect(unescapeHtml(escapeHtml("&lt; <b> \"q\" 'a'"))).toBe("&lt; <b> \"q\" 'a'");
  });
});
