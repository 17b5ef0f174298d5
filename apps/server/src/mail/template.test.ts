import { describe, expect, it } from "vitest";
import { mailTemplate } from "./template.ts";

describe("mailTemplate", () => {
  it("escapes every interpolation and keeps the whitespace as written", () => {
    const render = mailTemplate<{ name: string; url: string; lines: string[] }>(
      '<p>Hi <%= it.name %>,</p>\n<a href="<%= it.url %>">go</a>\n<% for (const line of it.lines) { %><li><%= line %></li>\n<% } %>',
    );
    expect(
      render({
        name: `<script>alert(1)</script> "onmouseover='x'`,
        url: "https://example.com/?a=1&b=2",
        lines: ["<b>", "&amp;"],
      }),
    ).toBe(
      "<p>Hi &lt;script&gt;alert(1)&lt;/script&gt; &quot;onmouseover=&#39;x&#39;,</p>\n" +
        '<a href="https://example.com/?a=1&amp;b=2">go</a>\n' +
        "<li>&lt;b&gt;</li>\n<li>&amp;amp;</li>\n",
    );
  });

  it.each([
    "<p><%~ it.html %></p>",
    "<% output(it.html) %>",
    "<% __eta.res += it.html %>",
    '<%= include("other", it) %>',
    '<% layout("frame") %>',
  ])("refuses a template that could print unescaped: %s", (source) => {
    expect(() => mailTemplate(source)).toThrow(/only print through escaped/);
  });
});
