import type { Aspect } from "@backdrop/shared";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { SizePicker } from "./size-picker.tsx";

/** The picker as the studio holds it: its choice in state, reported to `onChange`. */
function Studio({
  photo,
  onChange = () => {},
  marketplace = false,
}: {
  photo: { width: number; height: number } | null;
  onChange?: (aspect: Aspect) => void;
  marketplace?: boolean;
}) {
  const [aspect, setAspect] = useState<Aspect>("original");
  const choose = (next: Aspect) => {
    setAspect(next);
    onChange(next);
  };
  return <SizePicker value={aspect} onChange={choose} photo={photo} marketplace={marketplace} />;
}

const toggle = () => screen.getByRole("button", { name: /^Size/ });
const radio = (name: RegExp) => screen.getByRole("radio", { name });

describe("SizePicker", () => {
  it("lists the photo's own size and each preset with its use, pixels and price", async () => {
    const user = userEvent.setup();
    render(<Studio photo={{ width: 600, height: 400 }} />);
    // Folded into one row showing the choice until it is opened.
    expect(toggle()).toHaveAttribute("aria-expanded", "false");
    expect(toggle()).toHaveAccessibleName(/^Size Original size 600 × 400 8 tokens/);
    expect(screen.queryByRole("radio")).not.toBeInTheDocument();

    await user.click(toggle());

    expect(toggle()).toHaveAttribute("aria-expanded", "true");
    const group = screen.getByRole("group", { name: "Size" });
    expect(toggle()).toHaveAttribute("aria-controls", group.id);
    // A 600 × 400 photo: its long side is held at 1024 px for every ratio.
    const rows = [
      [/^Original size$/, "Same shape as your photo 600 × 400 8 tokens"],
      [/^Square 1:1$/, "Marketplace listing 1024 × 1024 16 tokens"],
      [/^Portrait 4:5$/, "Social post 819 × 1024 8 tokens"],
      [/^Tall 3:4$/, "Product page 768 × 1024 8 tokens"],
      [/^Landscape 4:3$/, "Website photo 1024 × 768 8 tokens"],
      [/^Story 9:16$/, "Stories and reels 576 × 1024 8 tokens"],
      [/^Wide 16:9$/, "Landscape banner 1024 × 576 8 tokens"],
    ] as const;
    expect(screen.getAllByRole("radio")).toHaveLength(rows.length);
    for (const [name, description] of rows) {
      expect(radio(name)).toHaveAccessibleDescription(description);
    }
    expect(radio(/^Original size/)).toBeChecked();
  });

  it("for a white background, says the photo's own size is made square, at its own price", async () => {
    const user = userEvent.setup();
    render(<Studio photo={{ width: 600, height: 400 }} marketplace />);
    expect(toggle()).toHaveAccessibleName(
      /^Size Original size, made square · 1:1 600 × 600 8 tokens/,
    );
    expect(toggle()).not.toHaveAccessibleName(/same shape/i);

    await user.click(toggle());

    expect(radio(/^Original size, made square 1:1$/)).toHaveAccessibleDescription(
      "A white background is made square, as marketplaces ask 600 × 600 8 tokens",
    );
    // The other sizes are what they were: a chosen ratio is kept for a white background too.
    expect(radio(/^Wide 16:9$/)).toHaveAccessibleDescription(
      "Landscape banner 1024 × 576 8 tokens",
    );
  });

  it("for a white background before a photo, says it will be square", () => {
    render(<Studio photo={null} marketplace />);
    expect(toggle()).toHaveAccessibleName(
      /^Size Original size, made square · 1:1 A white background is made square, as marketplaces ask/,
    );
  });

  it("before a photo, shows the ratios and their uses with a hint instead of sizes", async () => {
    const user = userEvent.setup();
    render(<Studio photo={null} />);
    expect(toggle()).toHaveAccessibleName(/^Size Original size Same shape as your photo/);

    await user.click(toggle());

    expect(radio(/^Square 1:1$/)).toHaveAccessibleDescription("Marketplace listing");
    expect(radio(/^Story 9:16$/)).toHaveAccessibleDescription("Stories and reels");
    expect(screen.queryByText(/tokens/)).not.toBeInTheDocument();
    expect(
      screen.getByText("Pick a photo to see each size in pixels and its price."),
    ).toBeInTheDocument();
  });

  it("is one radio group: a click or the arrow keys choose, and the row shows the choice", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Studio photo={{ width: 1224, height: 816 }} onChange={onChange} />);
    await user.click(toggle());

    await user.click(radio(/^Square/));
    expect(onChange).toHaveBeenLastCalledWith("1:1");
    expect(radio(/^Square/)).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(onChange).toHaveBeenLastCalledWith("4:5");
    expect(radio(/^Portrait/)).toBeChecked();

    await user.click(toggle());
    expect(screen.queryByRole("radio")).not.toBeInTheDocument();
    expect(toggle()).toHaveAccessibleName(/^Size Portrait · 4:5 979 × 1224 16 tokens/);
  });
});
