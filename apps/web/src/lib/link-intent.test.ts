import { afterEach, describe, expect, it, vi } from "vitest";
import { onLinkIntent } from "./link-intent.ts";

function addLink(href: string) {
  const link = document.createElement("a");
  link.href = href;
  link.innerHTML = "<span>Go</span>";
  document.body.append(link);
  return link;
}

describe("onLinkIntent", () => {
  afterEach(() => {
    document.body.replaceChildren();
  });

  it("reports the path of a same-origin link pointed at or focused", () => {
    const onIntent = vi.fn();
    const stop = onLinkIntent(document, onIntent);
    const link = addLink("/pricing?plan=pro");

    link.querySelector("span")?.dispatchEvent(new Event("pointerover", { bubbles: true }));
    link.focus();

    expect(onIntent.mock.calls).toEqual([["/pricing"], ["/pricing"]]);
    stop();
  });

  it("ignores other origins, plain elements, and everything after it stops", () => {
    const onIntent = vi.fn();
    const stop = onLinkIntent(document, onIntent);
    addLink("https://elsewhere.example/pricing").dispatchEvent(
      new Event("pointerover", { bubbles: true }),
    );
    document.body.dispatchEvent(new Event("pointerover", { bubbles: true }));
    stop();
    addLink("/gallery").dispatchEvent(new Event("pointerover", { bubbles: true }));

    expect(onIntent).not.toHaveBeenCalled();
  });
});
