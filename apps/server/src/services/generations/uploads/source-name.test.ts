import { describe, expect, it } from "vitest";
import { cleanSourceName, SOURCE_NAME_MAX_LENGTH } from "./source-name.ts";

describe("cleanSourceName", () => {
  it("keeps the file's own name without its folders", () => {
    expect(cleanSourceName("Red Bottle SKU-1042.jpg")).toBe("Red Bottle SKU-1042.jpg");
    expect(cleanSourceName("C:\\fakepath\\lamp.png")).toBe("lamp.png");
    expect(cleanSourceName("../../etc/passwd")).toBe("passwd");
  });

  it("drops control and direction-changing characters, and bounds the length", () => {
    expect(cleanSourceName("gpj.\u202eevil\u0000\n.png")).toBe("gpj.evil.png");
    const long = cleanSourceName(`${"名".repeat(500)}.png`) ?? "";
    expect(Array.from(long)).toHaveLength(SOURCE_NAME_MAX_LENGTH);
  });

  it("is null for nothing worth keeping", () => {
    for (const raw of [undefined, 42, "", "   ", "folder/", "\u0001\u0002"]) {
      expect(cleanSourceName(raw)).toBeNull();
    }
  });
});
