import { describe, expect, it } from "vitest";
import { historyShortcut, isSubmitShortcut } from "./shortcuts.ts";

const key = (
  k: string,
  mods: Partial<Record<"ctrl" | "meta" | "shift" | "alt", boolean>> = {},
) => ({
  key: k,
  ctrlKey: mods.ctrl ?? false,
  metaKey: mods.meta ?? false,
  shiftKey: mods.shift ?? false,
  altKey: mods.alt ?? false,
});

describe("history shortcuts", () => {
  it("undoes on Ctrl+Z and Cmd+Z", () => {
    expect(historyShortcut(key("z", { ctrl: true }))).toBe("undo");
    expect(historyShortcut(key("z", { meta: true }))).toBe("undo");
  });

  it("redoes on Ctrl/Cmd+Shift+Z and Ctrl+Y", () => {
    expect(historyShortcut(key("Z", { ctrl: true, shift: true }))).toBe("redo");
    expect(historyShortcut(key("Z", { meta: true, shift: true }))).toBe("redo");
    expect(historyShortcut(key("y", { ctrl: true }))).toBe("redo");
  });

  it("ignores plain keys and other combinations", () => {
    expect(historyShortcut(key("z"))).toBeNull();
    expect(historyShortcut(key("z", { ctrl: true, alt: true }))).toBeNull();
    expect(historyShortcut(key("y", { meta: true }))).toBeNull();
    expect(historyShortcut(key("x", { ctrl: true }))).toBeNull();
  });

  it("submits on Ctrl/Cmd+Enter only", () => {
    expect(isSubmitShortcut(key("Enter", { ctrl: true }))).toBe(true);
    expect(isSubmitShortcut(key("Enter", { meta: true }))).toBe(true);
    expect(isSubmitShortcut(key("Enter"))).toBe(false);
  });
});
