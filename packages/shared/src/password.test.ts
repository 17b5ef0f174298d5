import { describe, expect, it } from "vitest";
import { isStrongPassword, PASSWORD_RULES } from "./password.ts";

function failing(password: string): string[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.id);
}

describe("password policy", () => {
  it.each(["Str0ng!pw", "Aa1!aaaa", "Ünïcødé9#x", "CorrectHorse7^Battery"])(
    "accepts %s",
    (password) => {
      expect(isStrongPassword(password)).toBe(true);
      expect(failing(password)).toEqual([]);
    },
  );

  it.each([
    ["Aa1!aaa", ["length"]],
    ["Abcdefg!", ["digit"]],
    ["Abcdefg1", ["special"]],
    ["Abcdefg1?", ["special"]],
    ["abcdefg1!", ["uppercase"]],
    ["ABCDEFG1!", ["lowercase"]],
    ["", ["length", "digit", "special", "uppercase", "lowercase"]],
  ])("refuses %j for %j", (password, rules) => {
    expect(isStrongPassword(password)).toBe(false);
    expect(failing(password)).toEqual(rules);
  });

  it("counts characters, not UTF-16 units", () => {
    expect(failing("Aa1!😀😀")).toEqual(["length"]);
  });

  it("accepts each special character of the spec", () => {
    for (const special of "!@#$%^&*") {
      expect(isStrongPassword(`Abcdefg1${special}`)).toBe(true);
    }
  });

  it("labels every rule for the sign-up checklist", () => {
    expect(PASSWORD_RULES.map((rule) => [rule.id, rule.label])).toEqual([
      ["length", "At least 8 characters"],
      ["digit", "A number"],
      ["special", "A special character (!@#$%^&*)"],
      ["uppercase", "An uppercase letter"],
      ["lowercase", "A lowercase letter"],
    ]);
  });
});
