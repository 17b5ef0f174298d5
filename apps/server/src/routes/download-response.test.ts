import { describe, expect, it } from "vitest";
import { dispositionOf } from "./download-response.ts";

describe("dispositionOf", () => {
  it("quotes a plain ASCII name", () => {
    expect(dispositionOf("mug__wooden-table.png")).toBe(
      'attachment; filename="mug__wooden-table.png"',
    );
    expect(dispositionOf("backdrop-a.png", "inline")).toBe('inline; filename="backdrop-a.png"');
  });

  it("adds filename* in UTF-8 for other characters, the quoted name kept plain", () => {
    expect(dispositionOf("商品.png")).toBe(
      `attachment; filename="__.png"; filename*=UTF-8''%E5%95%86%E5%93%81.png`,
    );
    expect(dispositionOf('a"b\\c.png')).toBe(
      `attachment; filename="a_b_c.png"; filename*=UTF-8''a%22b%5Cc.png`,
    );
  });
});
